ALTER TYPE "public"."session_end_reason" ADD VALUE 'blocked';--> statement-breakpoint
ALTER TYPE "public"."loyalty_entry_kind" ADD VALUE 'adjustment';--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_reason" text;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_blocked_reason" CHECK (("users"."blocked_at" is null) = ("users"."blocked_reason" is null));--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_adjustment_shape" CHECK (case when "loyalty_ledger"."kind"::text = 'adjustment' then "loyalty_ledger"."order_id" is null and "loyalty_ledger"."reason" is not null else "loyalty_ledger"."order_id" is not null end);