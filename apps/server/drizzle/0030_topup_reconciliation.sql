CREATE TABLE "topup_reconciliation_mismatches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day" text NOT NULL,
	"kind" text NOT NULL,
	"order_item_id" uuid,
	"ours" jsonb,
	"theirs" jsonb,
	CONSTRAINT "topup_reconciliation_mismatches_kind" CHECK ("topup_reconciliation_mismatches"."kind" in ('theirs_without_ours', 'ours_without_theirs', 'amount_differs'))
);
--> statement-breakpoint
CREATE TABLE "topup_reconciliation_runs" (
	"day" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"ours" integer DEFAULT 0 NOT NULL,
	"theirs" integer DEFAULT 0 NOT NULL,
	"mismatches" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "topup_reconciliation_mismatches" ADD CONSTRAINT "topup_reconciliation_mismatches_day_topup_reconciliation_runs_day_fk" FOREIGN KEY ("day") REFERENCES "public"."topup_reconciliation_runs"("day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "topup_reconciliation_mismatches_day_idx" ON "topup_reconciliation_mismatches" USING btree ("day");