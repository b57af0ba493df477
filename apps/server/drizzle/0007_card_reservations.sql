ALTER TABLE "cards" ADD COLUMN "reserved_order_id" uuid;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "reserved_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "cards_reserved_order_idx" ON "cards" USING btree ("reserved_order_id");--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_reservation_whole" CHECK (("cards"."reserved_order_id" is null) = ("cards"."reserved_until" is null));