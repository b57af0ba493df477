ALTER TABLE "banners" ADD COLUMN "headline" jsonb;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "cta_label" jsonb;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "ends_on" date;