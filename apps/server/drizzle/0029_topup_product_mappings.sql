CREATE TABLE "topup_product_mappings" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"operator_id" integer NOT NULL,
	"operator_name" text NOT NULL,
	"local_amount" integer NOT NULL,
	"cost" double precision NOT NULL,
	"cost_currency" text NOT NULL,
	"fx_rate" double precision NOT NULL,
	"offered" boolean DEFAULT true NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"mapped_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topup_product_mappings_amount_positive" CHECK ("topup_product_mappings"."local_amount" > 0),
	CONSTRAINT "topup_product_mappings_fx_positive" CHECK ("topup_product_mappings"."fx_rate" > 0)
);
--> statement-breakpoint
ALTER TABLE "topup_product_mappings" ADD CONSTRAINT "topup_product_mappings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;