CREATE TYPE "public"."product_source" AS ENUM('stock', 'reloadly');--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "source" "product_source" DEFAULT 'stock' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reloadly_product_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reloadly_unit_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_reloadly_source_whole" CHECK ("products"."source" = 'stock' or ("products"."kind" in ('epin', 'giftcard') and "products"."reloadly_product_id" > 0 and "products"."reloadly_unit_price" > 0));