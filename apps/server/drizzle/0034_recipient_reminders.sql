ALTER TABLE "saved_recipients" ADD COLUMN "remind_every_days" integer;--> statement-breakpoint
ALTER TABLE "saved_recipients" ADD COLUMN "remind_next_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "saved_recipients" ADD COLUMN "remind_language" text;--> statement-breakpoint
ALTER TABLE "saved_recipients" ADD COLUMN "remind_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "saved_recipients" ADD COLUMN "remind_paid_mark" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "saved_recipients" ADD COLUMN "remind_ignored" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_recipients" ADD COLUMN "remind_stopped_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "saved_recipients_remind_due_idx" ON "saved_recipients" USING btree ("remind_next_at") WHERE "saved_recipients"."remind_next_at" is not null;--> statement-breakpoint
ALTER TABLE "saved_recipients" ADD CONSTRAINT "saved_recipients_remind_every_days" CHECK ("saved_recipients"."remind_every_days" is null or "saved_recipients"."remind_every_days" in (7, 14, 30));