CREATE TABLE "loyalty_bonus_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name_en" text NOT NULL,
	"name_my" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"multiplier" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_bonus_days_dates" CHECK ("loyalty_bonus_days"."ends_on" >= "loyalty_bonus_days"."starts_on"),
	CONSTRAINT "loyalty_bonus_days_multiplier" CHECK ("loyalty_bonus_days"."multiplier" between 2 and 5)
);
--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD COLUMN "multiplier" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "loyalty_bonus_days_start_idx" ON "loyalty_bonus_days" USING btree ("starts_on");