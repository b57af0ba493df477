CREATE TYPE "public"."provider_refund_status" AS ENUM('sending', 'pending', 'refunded', 'refused', 'unknown');--> statement-breakpoint
CREATE TABLE "provider_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_no" text NOT NULL,
	"provider" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"order_refund_id" uuid,
	"receipt_id" uuid,
	"amount_mmk" integer NOT NULL,
	"reason" text NOT NULL,
	"status" "provider_refund_status" DEFAULT 'sending' NOT NULL,
	"provider_ref" text,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "provider_refunds_one_source" CHECK (("provider_refunds"."order_refund_id" is null) <> ("provider_refunds"."receipt_id" is null)),
	CONSTRAINT "provider_refunds_amount" CHECK ("provider_refunds"."amount_mmk" > 0)
);
--> statement-breakpoint
ALTER TABLE "provider_refunds" ADD CONSTRAINT "provider_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_refunds" ADD CONSTRAINT "provider_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_refunds" ADD CONSTRAINT "provider_refunds_order_refund_id_order_refunds_id_fk" FOREIGN KEY ("order_refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_refunds" ADD CONSTRAINT "provider_refunds_receipt_id_payment_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."payment_receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_refunds_request_no_key" ON "provider_refunds" USING btree ("request_no");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_refunds_order_refund_key" ON "provider_refunds" USING btree ("order_refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_refunds_receipt_key" ON "provider_refunds" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "provider_refunds_order_idx" ON "provider_refunds" USING btree ("order_id");