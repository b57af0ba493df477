ALTER TYPE "public"."card_status" ADD VALUE 'void';--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "tint" text;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_tint_hex" CHECK ("banners"."tint" is null or "banners"."tint" ~ '^#[0-9a-f]{6}$');