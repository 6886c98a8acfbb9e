CREATE TABLE "guest_bag_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bag_id" uuid NOT NULL,
	"variant_id" uuid,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"price_seen_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_bag_lines_bag_variant_unique" UNIQUE("bag_id","variant_id"),
	CONSTRAINT "guest_bag_lines_quantity_range" CHECK ("guest_bag_lines"."quantity" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "guest_bags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_bags_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "order_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "guest_bag_id" uuid;--> statement-breakpoint
ALTER TABLE "guest_bag_lines" ADD CONSTRAINT "guest_bag_lines_bag_id_guest_bags_id_fk" FOREIGN KEY ("bag_id") REFERENCES "public"."guest_bags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_bag_lines" ADD CONSTRAINT "guest_bag_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_links" ADD CONSTRAINT "order_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_bag_lines_variant_id_idx" ON "guest_bag_lines" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "guest_bags_updated_at_idx" ON "guest_bags" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "order_links_order_id_idx" ON "order_links" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_guest_idempotency_unique" ON "orders" USING btree ("guest_bag_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_guest_email_idx" ON "orders" USING btree (lower("email")) WHERE "orders"."guest_bag_id" is not null and "orders"."user_id" is null;