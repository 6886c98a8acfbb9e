-- Decision 050: units held for a checkout under way, taken before its transaction (orders/stock-holds.ts).
CREATE TABLE "stock_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"variant_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_holds_quantity_positive" CHECK ("stock_holds"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_holds_created_at_idx" ON "stock_holds" USING btree ("created_at");