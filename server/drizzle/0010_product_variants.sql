CREATE TABLE "product_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"url" text NOT NULL,
	"position" integer NOT NULL,
	"option_value" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"values" text[] NOT NULL,
	CONSTRAINT "product_options_product_position_unique" UNIQUE("product_id","position"),
	CONSTRAINT "product_options_product_name_unique" UNIQUE("product_id","name"),
	CONSTRAINT "product_options_position_range" CHECK ("product_options"."position" between 0 and 2),
	CONSTRAINT "product_options_name_length" CHECK (char_length("product_options"."name") between 1 and 40),
	CONSTRAINT "product_options_values_count" CHECK (cardinality("product_options"."values") between 1 and 40)
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"option_values" text[] DEFAULT '{}'::text[] NOT NULL,
	"price_cents" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_product_options_unique" UNIQUE("product_id","option_values"),
	CONSTRAINT "product_variants_price_positive" CHECK ("product_variants"."price_cents" > 0),
	CONSTRAINT "product_variants_stock_not_negative" CHECK ("product_variants"."stock" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cart_lines" DROP CONSTRAINT "cart_lines_user_product_unique";--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variant_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_images_product_position_idx" ON "product_images" USING btree ("product_id","position");--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_lines_variant_id_idx" ON "cart_lines" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "order_lines_variant_id_idx" ON "order_lines" USING btree ("variant_id");--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_user_variant_unique" UNIQUE("user_id","variant_id");--> statement-breakpoint
-- Hand-written below. Every existing product becomes a product without options and exactly one
-- default variant holding its price and stock; cart and order lines point at that variant.
INSERT INTO "product_variants" ("product_id", "price_cents", "stock", "created_at", "updated_at")
SELECT "id", "price_cents", "stock", "created_at", "updated_at" FROM "products";--> statement-breakpoint
UPDATE "products" SET "max_price_cents" = "price_cents", "variant_count" = 1;--> statement-breakpoint
UPDATE "cart_lines" SET "variant_id" = v."id" FROM "product_variants" v WHERE v."product_id" = "cart_lines"."product_id";--> statement-breakpoint
ALTER TABLE "cart_lines" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
UPDATE "order_lines" SET "variant_id" = v."id" FROM "product_variants" v WHERE v."product_id" = "order_lines"."product_id";--> statement-breakpoint
-- products.price_cents, max_price_cents, stock and variant_count follow the variants in the
-- writing transaction itself. The product row is locked first, so the aggregates (each statement
-- of the function reads afresh) see every variant write committed before this one.
CREATE FUNCTION "product_derive_from_variants"(target uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "products" WHERE "id" = target FOR UPDATE;
  UPDATE "products" p SET
    "price_cents" = coalesce(agg.min_price, p."price_cents"),
    "max_price_cents" = coalesce(agg.max_price, p."max_price_cents"),
    "stock" = agg.stock,
    "variant_count" = agg.variants
  FROM (
    SELECT min(v."price_cents") AS min_price, max(v."price_cents") AS max_price,
      coalesce(sum(v."stock"), 0)::int AS stock, count(*)::int AS variants
    FROM "product_variants" v WHERE v."product_id" = target
  ) agg
  WHERE p."id" = target AND (p."price_cents", p."max_price_cents", p."stock", p."variant_count")
    IS DISTINCT FROM (coalesce(agg.min_price, p."price_cents"), coalesce(agg.max_price, p."max_price_cents"), agg.stock, agg.variants);
END
$$;--> statement-breakpoint
CREATE FUNCTION "product_variants_derive_product"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Written by a products trigger below (a new product's default variant, a write through
  -- products.price_cents or stock): the product row already holds the figures.
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM "product_derive_from_variants"(OLD."product_id"); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."product_id" <> OLD."product_id") THEN
    PERFORM "product_derive_from_variants"(NEW."product_id");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "product_variants_derive_product" AFTER INSERT OR DELETE OR UPDATE OF "price_cents", "stock", "product_id"
  ON "product_variants" FOR EACH ROW EXECUTE FUNCTION "product_variants_derive_product"();--> statement-breakpoint
-- Code that writes products.price_cents or stock directly (an admin's price edit, the owner's
-- stock edit, a CSV import) keeps working: a price goes to every variant, a stock to the only
-- variant; a product with several variants refuses a product-wide stock.
CREATE FUNCTION "products_write_through_to_variants"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NEW; END IF;
  IF TG_OP = 'INSERT' THEN
    NEW."max_price_cents" := NEW."price_cents";
    NEW."variant_count" := 1;
    RETURN NEW;
  END IF;
  IF NEW."price_cents" IS DISTINCT FROM OLD."price_cents" THEN
    UPDATE "product_variants" SET "price_cents" = NEW."price_cents", "updated_at" = now() WHERE "product_id" = NEW."id";
    NEW."max_price_cents" := NEW."price_cents";
  END IF;
  IF NEW."stock" IS DISTINCT FROM OLD."stock" THEN
    IF OLD."variant_count" > 1 THEN
      RAISE EXCEPTION 'The stock of a product with variants is the sum of theirs: set each variant''s stock.'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'products_stock_from_variants';
    END IF;
    UPDATE "product_variants" SET "stock" = NEW."stock", "updated_at" = now() WHERE "product_id" = NEW."id";
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_write_through_to_variants" BEFORE INSERT OR UPDATE OF "price_cents", "stock"
  ON "products" FOR EACH ROW EXECUTE FUNCTION "products_write_through_to_variants"();--> statement-breakpoint
-- A product without options has exactly one variant, made with it.
CREATE FUNCTION "products_add_default_variant"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_variants" ("product_id", "price_cents", "stock") VALUES (NEW."id", NEW."price_cents", NEW."stock");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_add_default_variant" AFTER INSERT ON "products"
  FOR EACH ROW EXECUTE FUNCTION "products_add_default_variant"();