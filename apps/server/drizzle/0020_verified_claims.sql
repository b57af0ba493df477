DROP INDEX "users_email_key";--> statement-breakpoint
DROP INDEX "users_phone_number_key";--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_verified_key" ON "users" USING btree ("email") WHERE "users"."email_verified_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_verified_key" ON "users" USING btree ("phone_number") WHERE "users"."phone_verified_at" is not null;--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_phone_number_idx" ON "users" USING btree ("phone_number");