-- A bulk edit (server/src/bulk-edit, decision 047) writes the variants of thousands of products in
-- one statement, then derives those products' figures in one more. With the transaction-local
-- setting shop.derive_later = 'on', the per-row derive of 0010/0013 and the write-through from
-- products to variants stand aside; products_derive_from_variants(ids) then does what the per-row
-- derive would have done, set-based, so each product is updated once (and audited once).
CREATE OR REPLACE FUNCTION "product_variants_derive_product"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Written by a products trigger below (a new product's default variant, a write through
  -- products.price_cents or stock): the product row already holds the figures.
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  -- A bulk edit derives its products itself, once, after its variant writes.
  IF current_setting('shop.derive_later', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM "product_derive_from_variants"(OLD."product_id"); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."product_id" <> OLD."product_id") THEN
    PERFORM "product_derive_from_variants"(NEW."product_id");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "products_write_through_to_variants"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NEW; END IF;
  IF TG_OP = 'INSERT' THEN
    NEW."max_price_cents" := NEW."price_cents";
    NEW."variant_count" := 1;
    RETURN NEW;
  END IF;
  -- A bulk edit's derive writes figures that come from the variants: nothing goes back to them.
  IF current_setting('shop.derive_later', true) = 'on' THEN RETURN NEW; END IF;
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
-- product_derive_from_variants (0013) for many products in one statement: price, dearest price and
-- sale figures as product_sale_summary derives them (a bulk edit changes no stock), and, with
-- set_window, the sale's window in the same write (one update per product: each costs an audit
-- comparison and its indexes). Only rows whose figures differ are written.
CREATE FUNCTION "products_derive_from_variants"(targets uuid[], set_window boolean DEFAULT false,
  starts timestamptz DEFAULT NULL, ends timestamptz DEFAULT NULL) RETURNS void LANGUAGE sql AS $$
  UPDATE "products" p SET
    "price_cents" = agg.min_price,
    "max_price_cents" = agg.max_price,
    "sale_price_cents" = agg.sale_price,
    "sale_compare_at_cents" = agg.compare_at,
    "sale_saving_percent" = agg.saving,
    "sale_starts_at" = CASE WHEN set_window THEN starts ELSE p."sale_starts_at" END,
    "sale_ends_at" = CASE WHEN set_window THEN ends ELSE p."sale_ends_at" END,
    "updated_at" = now()
  FROM (
    SELECT v."product_id", min(v."price_cents") AS min_price, max(v."price_cents") AS max_price,
      CASE WHEN bool_or(v."sale_price_cents" IS NOT NULL) THEN
        (array_agg(coalesce(v."sale_price_cents", v."price_cents") ORDER BY coalesce(v."sale_price_cents", v."price_cents"), v."price_cents" DESC))[1] END AS sale_price,
      CASE WHEN bool_or(v."sale_price_cents" IS NOT NULL) THEN
        (array_agg(v."price_cents" ORDER BY coalesce(v."sale_price_cents", v."price_cents"), v."price_cents" DESC))[1] END AS compare_at,
      coalesce(max(round((v."price_cents" - v."sale_price_cents") * 100.0 / v."price_cents")::int), 0) AS saving
    FROM "product_variants" v WHERE v."product_id" = ANY(targets) GROUP BY v."product_id"
  ) agg
  WHERE p."id" = agg."product_id"
    AND (p."price_cents", p."max_price_cents", p."sale_price_cents", p."sale_compare_at_cents", p."sale_saving_percent",
        p."sale_starts_at", p."sale_ends_at")
      IS DISTINCT FROM (agg.min_price, agg.max_price, agg.sale_price, agg.compare_at, agg.saving,
        CASE WHEN set_window THEN starts ELSE p."sale_starts_at" END, CASE WHEN set_window THEN ends ELSE p."sale_ends_at" END)
$$;
