CREATE TYPE "public"."document_kind" AS ENUM('invoice', 'credit-note');--> statement-breakpoint
CREATE TYPE "public"."shipment_status" AS ENUM('shipped', 'delivered');--> statement-breakpoint
CREATE TABLE "document_counters" (
	"kind" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "document_kind" NOT NULL,
	"number" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"refund_id" uuid,
	"amount_cents" integer NOT NULL,
	"seller" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind_number_unique" UNIQUE("kind","number"),
	CONSTRAINT "invoices_refund_unique" UNIQUE("refund_id")
);
--> statement-breakpoint
CREATE TABLE "shipment_lines" (
	"shipment_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "shipment_lines_shipment_id_order_line_id_pk" PRIMARY KEY("shipment_id","order_line_id"),
	CONSTRAINT "shipment_lines_quantity_positive" CHECK ("shipment_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"tracking_url" text,
	"status" "shipment_status" DEFAULT 'shipped' NOT NULL,
	"shipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_order" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipment_lines_order_line_idx" ON "shipment_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id","shipped_at");--> statement-breakpoint
CREATE INDEX "orders_created_at_number_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST,"number" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_email_prefix_idx" ON "orders" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_delivery_name_prefix_idx" ON "orders" USING btree (lower("delivery_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total_cents" DESC NULLS FIRST,"number" DESC NULLS FIRST);