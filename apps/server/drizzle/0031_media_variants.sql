CREATE TABLE "media_variants" (
	"upload_id" uuid NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	CONSTRAINT "media_variants_upload_id_content_type_width_pk" PRIMARY KEY("upload_id","content_type","width"),
	CONSTRAINT "media_variants_content_type" CHECK ("media_variants"."content_type" in ('image/png', 'image/jpeg', 'image/webp', 'image/avif')),
	CONSTRAINT "media_variants_size" CHECK ("media_variants"."size" > 0 and "media_variants"."size" = octet_length("media_variants"."bytes")),
	CONSTRAINT "media_variants_width" CHECK ("media_variants"."width" between 1 and 1200)
);
--> statement-breakpoint
ALTER TABLE "media_variants" ADD CONSTRAINT "media_variants_upload_id_media_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."media_uploads"("id") ON DELETE cascade ON UPDATE no action;