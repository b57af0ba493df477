CREATE TYPE "public"."topup_resolution" AS ENUM('delivered', 'not_delivered');--> statement-breakpoint
DROP INDEX "topup_requests_item_key";--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "resolution" "topup_resolution";--> statement-breakpoint
ALTER TABLE "topup_requests" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "topup_requests_item_attempt_key" ON "topup_requests" USING btree ("order_item_id","attempt");