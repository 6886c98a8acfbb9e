-- Decision 046: a product's status and publish time are audited with its other fields, one
-- 'product' event per product whose fields changed (0006's trigger, with the two fields added).
CREATE OR REPLACE FUNCTION "audit_product_state"(name text, category text, description text, image text,
  status text, publish_at timestamptz) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT audit_product_fields(name, category, description, image)
    || jsonb_build_object('status', status, 'publish_at', publish_at)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "audit_products_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "audit_events" ("actor_id", "actor_email", "kind", "action", "entity_id", "entity_label", "before", "after")
  SELECT audit_actor_id(), audit_actor_email(), change.kind, 'updated', n.id, n.name, change.before, change.after
  FROM old_rows o
  JOIN new_rows n ON n.id = o.id
  CROSS JOIN LATERAL (
    SELECT audit_product_state(o.name, o.category::text, o.description, o.image, o.status::text, o.publish_at) AS old_state,
           audit_product_state(n.name, n.category::text, n.description, n.image, n.status::text, n.publish_at) AS new_state
  ) state
  CROSS JOIN LATERAL (
    SELECT 'price' AS kind, jsonb_build_object('price_cents', o.price_cents) AS before,
           jsonb_build_object('price_cents', n.price_cents) AS after
    WHERE o.price_cents <> n.price_cents
    UNION ALL
    SELECT 'stock', jsonb_build_object('stock', o.stock), jsonb_build_object('stock', n.stock)
    WHERE o.stock <> n.stock
    UNION ALL
    SELECT 'product',
           (SELECT jsonb_object_agg(f.key, f.value) FROM jsonb_each(state.old_state) f
             WHERE f.value IS DISTINCT FROM state.new_state -> f.key),
           (SELECT jsonb_object_agg(f.key, f.value) FROM jsonb_each(state.new_state) f
             WHERE f.value IS DISTINCT FROM state.old_state -> f.key)
    WHERE state.old_state IS DISTINCT FROM state.new_state
  ) change;
  RETURN NULL;
END $$;
