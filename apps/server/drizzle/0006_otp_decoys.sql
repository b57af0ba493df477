CREATE TABLE "otp_decoys" (
	"slot" integer PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL
);
