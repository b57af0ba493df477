ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_owner_product_phone_key";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "topup_request_id" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "topup_request_id" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_owner_product_phone_request_key" UNIQUE NULLS NOT DISTINCT("owner","product_id","phone_number","topup_request_id");