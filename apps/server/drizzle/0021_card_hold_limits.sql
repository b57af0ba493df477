ALTER TABLE "orders" ADD COLUMN "client_network" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_started_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_client_network_idx" ON "orders" USING btree ("client_network","status");--> statement-breakpoint
UPDATE "orders" SET "hold_started_at" = "created_at" WHERE "status" = 'pending';