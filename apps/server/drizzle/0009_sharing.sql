CREATE TABLE "share_reveals" (
	"order_card_id" uuid NOT NULL,
	"share_id" text NOT NULL,
	"revealed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_reveals_share_id_order_card_id_pk" PRIMARY KEY("share_id","order_card_id")
);
--> statement-breakpoint
CREATE TABLE "share_style_generations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"style" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shares" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"style" jsonb NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "share_reveals" ADD CONSTRAINT "share_reveals_order_card_id_order_cards_id_fk" FOREIGN KEY ("order_card_id") REFERENCES "public"."order_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_reveals" ADD CONSTRAINT "share_reveals_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_style_generations" ADD CONSTRAINT "share_style_generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_types" ADD CONSTRAINT "share_types_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_reveals_card_idx" ON "share_reveals" USING btree ("order_card_id");--> statement-breakpoint
CREATE INDEX "share_style_generations_user_idx" ON "share_style_generations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "share_types_user_title_key" ON "share_types" USING btree ("user_id",lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "shares_one_live_per_order" ON "shares" USING btree ("order_id") WHERE "shares"."disabled_at" is null;