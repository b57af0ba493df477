CREATE TABLE "top_me_up_payers" (
	"request_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "top_me_up_payers_request_id_user_id_pk" PRIMARY KEY("request_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "top_me_up_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"operator_code" text NOT NULL,
	"product_id" uuid NOT NULL,
	"note" text NOT NULL,
	"language" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"topped_up_at" timestamp with time zone,
	"topped_up_order_id" uuid
);
--> statement-breakpoint
ALTER TABLE "top_me_up_payers" ADD CONSTRAINT "top_me_up_payers_request_id_top_me_up_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."top_me_up_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_me_up_payers" ADD CONSTRAINT "top_me_up_payers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_me_up_requests" ADD CONSTRAINT "top_me_up_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_me_up_requests" ADD CONSTRAINT "top_me_up_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_me_up_requests" ADD CONSTRAINT "top_me_up_requests_topped_up_order_id_orders_id_fk" FOREIGN KEY ("topped_up_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "top_me_up_payers_user_idx" ON "top_me_up_payers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "top_me_up_requests_user_idx" ON "top_me_up_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "top_me_up_requests_phone_idx" ON "top_me_up_requests" USING btree ("phone_number","product_id","status");