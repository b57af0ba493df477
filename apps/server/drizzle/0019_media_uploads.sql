CREATE TABLE "media_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_type" text NOT NULL,
	"bytes" bytea NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_uploads_content_type" CHECK ("media_uploads"."content_type" in ('image/png', 'image/jpeg', 'image/webp')),
	CONSTRAINT "media_uploads_size" CHECK ("media_uploads"."size" > 0 and "media_uploads"."size" = octet_length("media_uploads"."bytes"))
);
--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_uploads_sha256_key" ON "media_uploads" USING btree ("sha256");