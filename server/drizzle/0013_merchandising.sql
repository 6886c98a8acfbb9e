ALTER TABLE "cart_lines" ADD COLUMN "price_seen_cents" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "compare_at_cents" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "sale_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_compare_at_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_saving_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_sale_below_price" CHECK ("product_variants"."sale_price_cents" is null or ("product_variants"."sale_price_cents" > 0 and "product_variants"."sale_price_cents" < "product_variants"."price_cents"));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sale_window_order" CHECK ("products"."sale_starts_at" is null or "products"."sale_ends_at" is null or "products"."sale_starts_at" < "products"."sale_ends_at");--> statement-breakpoint
-- The product's sale figures follow its variants, as its price and stock do (0010): the lowest
-- price while the sale runs (a variant without a sale price counts at its regular one), the
-- regular price of the variant that has it, and the largest saving in whole percent. Null and 0
-- when no variant has a sale price. The window itself is the product's own (sale_starts_at/ends_at).
CREATE FUNCTION "product_sale_summary"(target uuid, OUT sale_price integer, OUT compare_at integer, OUT saving integer)
LANGUAGE sql STABLE AS $$
  SELECT
    CASE WHEN bool_or(v."sale_price_cents" IS NOT NULL) THEN
      (array_agg(coalesce(v."sale_price_cents", v."price_cents") ORDER BY coalesce(v."sale_price_cents", v."price_cents"), v."price_cents" DESC))[1] END,
    CASE WHEN bool_or(v."sale_price_cents" IS NOT NULL) THEN
      (array_agg(v."price_cents" ORDER BY coalesce(v."sale_price_cents", v."price_cents"), v."price_cents" DESC))[1] END,
    coalesce(max(round((v."price_cents" - v."sale_price_cents") * 100.0 / v."price_cents")::int), 0)
  FROM "product_variants" v WHERE v."product_id" = target
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_derive_from_variants"(target uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "products" WHERE "id" = target FOR UPDATE;
  UPDATE "products" p SET
    "price_cents" = coalesce(agg.min_price, p."price_cents"),
    "max_price_cents" = coalesce(agg.max_price, p."max_price_cents"),
    "stock" = agg.stock,
    "variant_count" = agg.variants,
    "sale_price_cents" = sale.sale_price,
    "sale_compare_at_cents" = sale.compare_at,
    "sale_saving_percent" = sale.saving
  FROM (
    SELECT min(v."price_cents") AS min_price, max(v."price_cents") AS max_price,
      coalesce(sum(v."stock"), 0)::int AS stock, count(*)::int AS variants
    FROM "product_variants" v WHERE v."product_id" = target
  ) agg, "product_sale_summary"(target) sale
  WHERE p."id" = target AND (p."price_cents", p."max_price_cents", p."stock", p."variant_count",
      p."sale_price_cents", p."sale_compare_at_cents", p."sale_saving_percent")
    IS DISTINCT FROM (coalesce(agg.min_price, p."price_cents"), coalesce(agg.max_price, p."max_price_cents"), agg.stock, agg.variants,
      sale.sale_price, sale.compare_at, sale.saving);
END
$$;--> statement-breakpoint
DROP TRIGGER "product_variants_derive_product" ON "product_variants";--> statement-breakpoint
CREATE TRIGGER "product_variants_derive_product" AFTER INSERT OR DELETE OR UPDATE OF "price_cents", "sale_price_cents", "stock", "product_id"
  ON "product_variants" FOR EACH ROW EXECUTE FUNCTION "product_variants_derive_product"();--> statement-breakpoint
-- A price written on the product goes to every variant (0010); a sale price no longer below it
-- goes, and the sale figures follow in the same row.
CREATE OR REPLACE FUNCTION "products_write_through_to_variants"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NEW; END IF;
  IF TG_OP = 'INSERT' THEN
    NEW."max_price_cents" := NEW."price_cents";
    NEW."variant_count" := 1;
    RETURN NEW;
  END IF;
  IF NEW."price_cents" IS DISTINCT FROM OLD."price_cents" THEN
    UPDATE "product_variants" SET "price_cents" = NEW."price_cents",
      "sale_price_cents" = CASE WHEN "sale_price_cents" < NEW."price_cents" THEN "sale_price_cents" END,
      "updated_at" = now() WHERE "product_id" = NEW."id";
    NEW."max_price_cents" := NEW."price_cents";
    SELECT sale.sale_price, sale.compare_at, sale.saving
      INTO NEW."sale_price_cents", NEW."sale_compare_at_cents", NEW."sale_saving_percent"
      FROM "product_sale_summary"(NEW."id") sale;
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
-- The on-sale filter without the index (it is only true while the window runs, which lists check).
CREATE INDEX "products_on_sale_idx" ON "products" ("sale_starts_at", "sale_ends_at") WHERE "sale_price_cents" IS NOT NULL;
