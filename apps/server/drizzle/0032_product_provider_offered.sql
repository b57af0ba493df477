ALTER TABLE "products" ADD COLUMN "provider_offered" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Products whose mapping the last catalogue read found no longer offered stay unsold (issue 30:
-- the catalogue keeps the fact itself instead of reading the topup account's table).
UPDATE "products" SET "provider_offered" = false WHERE "id" IN (SELECT "product_id" FROM "topup_product_mappings" WHERE NOT "offered");
