-- Stock and ratings reach every instance through the change feed, and the catalogue index keeps
-- its snapshot through them (decision 050). A statement that changed nothing else, or no row at
-- all, no longer counts as a catalogue write: the index's one-minute check kept rebuilding every
-- product after any order or review, a full build each minute on a busy shop.
CREATE FUNCTION "count_catalogue_write_if_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    PERFORM nextval('catalogue_writes');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "count_catalogue_write_unless_stock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (to_jsonb(o) - ARRAY['stock', 'rating_sum', 'rating_count', 'updated_at'])
      IS DISTINCT FROM (to_jsonb(n) - ARRAY['stock', 'rating_sum', 'rating_count', 'updated_at'])
  ) THEN
    PERFORM nextval('catalogue_writes');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "products_catalogue_write" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_catalogue_write" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_catalogue_write"();--> statement-breakpoint
CREATE TRIGGER "products_catalogue_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_catalogue_write_if_rows"();--> statement-breakpoint
CREATE TRIGGER "products_catalogue_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_catalogue_write_if_rows"();--> statement-breakpoint
CREATE TRIGGER "products_catalogue_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_catalogue_write_unless_stock"();--> statement-breakpoint
DROP TRIGGER "product_variants_catalogue_write" ON "product_variants";--> statement-breakpoint
CREATE TRIGGER "product_variants_catalogue_write" AFTER TRUNCATE ON "product_variants"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_catalogue_write"();--> statement-breakpoint
CREATE TRIGGER "product_variants_catalogue_insert" AFTER INSERT ON "product_variants"
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_catalogue_write_if_rows"();--> statement-breakpoint
CREATE TRIGGER "product_variants_catalogue_delete" AFTER DELETE ON "product_variants"
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_catalogue_write_if_rows"();--> statement-breakpoint
CREATE TRIGGER "product_variants_catalogue_update" AFTER UPDATE ON "product_variants"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_catalogue_write_unless_stock"();
