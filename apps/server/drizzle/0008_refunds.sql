CREATE TYPE "public"."refund_destination" AS ENUM('points', 'bank');--> statement-breakpoint
CREATE TYPE "public"."refund_status" AS ENUM('refund_pending', 'refunded');--> statement-breakpoint
ALTER TYPE "public"."order_payment_status" ADD VALUE 'refund_pending';--> statement-breakpoint
ALTER TYPE "public"."order_payment_status" ADD VALUE 'refunded';--> statement-breakpoint
ALTER TYPE "public"."loyalty_entry_kind" ADD VALUE 'refund_checked';--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"destination" "refund_destination" NOT NULL,
	"status" "refund_status" DEFAULT 'refund_pending' NOT NULL,
	"amount_mmk" integer NOT NULL,
	"points" integer,
	"points_returned" integer DEFAULT 0 NOT NULL,
	"partial" boolean DEFAULT false NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "order_refunds_amount" CHECK ("order_refunds"."amount_mmk" >= 0),
	CONSTRAINT "order_refunds_done_whole" CHECK (("order_refunds"."status" = 'refunded') = ("order_refunds"."refunded_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_order_key" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_refunds_status_idx" ON "order_refunds" USING btree ("status","created_at");