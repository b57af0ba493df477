-- Promo codes in one case (issue 26): the codes typed in lower or mixed case are written in upper
-- case. No two codes can collide here: the unique index on upper(code) already kept them apart.
UPDATE "promo_codes" SET "code" = upper("code") WHERE "code" <> upper("code");--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_code_upper" CHECK ("promo_codes"."code" = upper("promo_codes"."code"));
