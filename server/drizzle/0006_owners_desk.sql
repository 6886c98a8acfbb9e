CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"entity_label" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_kind_at_idx" ON "audit_events" USING btree ("kind","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity_id");--> statement-breakpoint
-- The audit trail is written by these triggers, in the transaction of the change itself: a rolled
-- back change leaves no event, and no write path can forget one. Who acted comes from the
-- transaction-local settings shop.actor_id / shop.actor_email (server/src/audit/actor.ts); empty
-- means the system (sign-up promotions, the CLI, seeding). Statement-level triggers with transition
-- tables: one INSERT ... SELECT per statement, so a 10,000-row import pays once, not per row.
CREATE FUNCTION "audit_actor_id"() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('shop.actor_id', true), '')::uuid
$$;--> statement-breakpoint
CREATE FUNCTION "audit_actor_email"() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('shop.actor_email', true), '')
$$;--> statement-breakpoint
CREATE FUNCTION "audit_product_fields"(name text, category text, description text, image text) RETURNS jsonb
  LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('name', name, 'category', category, 'description', description, 'image', image)
$$;--> statement-breakpoint
CREATE FUNCTION "audit_products_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "audit_events" ("actor_id", "actor_email", "kind", "action", "entity_id", "entity_label", "before", "after")
  SELECT audit_actor_id(), audit_actor_email(), 'product', 'created', n.id, n.name, NULL,
         audit_product_fields(n.name, n.category::text, n.description, n.image) || jsonb_build_object('price_cents', n.price_cents, 'stock', n.stock)
  FROM new_rows n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "audit_products_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "audit_events" ("actor_id", "actor_email", "kind", "action", "entity_id", "entity_label", "before", "after")
  SELECT audit_actor_id(), audit_actor_email(), 'product', 'deleted', o.id, o.name,
         audit_product_fields(o.name, o.category::text, o.description, o.image) || jsonb_build_object('price_cents', o.price_cents, 'stock', o.stock), NULL
  FROM old_rows o;
  RETURN NULL;
END $$;--> statement-breakpoint
-- One event per kind of change: a price, a stock level, the other fields (only those that changed).
CREATE FUNCTION "audit_products_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "audit_events" ("actor_id", "actor_email", "kind", "action", "entity_id", "entity_label", "before", "after")
  SELECT audit_actor_id(), audit_actor_email(), change.kind, 'updated', n.id, n.name, change.before, change.after
  FROM old_rows o
  JOIN new_rows n ON n.id = o.id
  CROSS JOIN LATERAL (
    SELECT 'price' AS kind, jsonb_build_object('price_cents', o.price_cents) AS before,
           jsonb_build_object('price_cents', n.price_cents) AS after
    WHERE o.price_cents <> n.price_cents
    UNION ALL
    SELECT 'stock', jsonb_build_object('stock', o.stock), jsonb_build_object('stock', n.stock)
    WHERE o.stock <> n.stock
    UNION ALL
    SELECT 'product',
           (SELECT jsonb_object_agg(f.key, f.value) FROM jsonb_each(audit_product_fields(o.name, o.category::text, o.description, o.image)) f
             WHERE f.value IS DISTINCT FROM audit_product_fields(n.name, n.category::text, n.description, n.image) -> f.key),
           (SELECT jsonb_object_agg(f.key, f.value) FROM jsonb_each(audit_product_fields(n.name, n.category::text, n.description, n.image)) f
             WHERE f.value IS DISTINCT FROM audit_product_fields(o.name, o.category::text, o.description, o.image) -> f.key)
    WHERE audit_product_fields(o.name, o.category::text, o.description, o.image) IS DISTINCT FROM audit_product_fields(n.name, n.category::text, n.description, n.image)
  ) change;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "audit_orders_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "audit_events" ("actor_id", "actor_email", "kind", "action", "entity_id", "entity_label", "before", "after")
  SELECT audit_actor_id(), audit_actor_email(), 'order_status', 'updated', n.id, '#' || n.number,
         jsonb_build_object('status', o.status), jsonb_build_object('status', n.status)
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE o.status <> n.status;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "audit_users_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "audit_events" ("actor_id", "actor_email", "kind", "action", "entity_id", "entity_label", "before", "after")
  SELECT audit_actor_id(), audit_actor_email(), 'user_role', 'updated', n.id, n.email,
         jsonb_build_object('role', o.role), jsonb_build_object('role', n.role)
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE o.role <> n.role;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_audit_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_products_insert"();--> statement-breakpoint
CREATE TRIGGER "products_audit_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_products_update"();--> statement-breakpoint
CREATE TRIGGER "products_audit_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_products_delete"();--> statement-breakpoint
CREATE TRIGGER "orders_audit_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_orders_update"();--> statement-breakpoint
CREATE TRIGGER "users_audit_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_users_update"();--> statement-breakpoint
-- Nothing rewrites history: the trail refuses updates, deletes and TRUNCATE from anyone, the app included.
CREATE FUNCTION "audit_events_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit trail cannot be changed' USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_events_append_only" BEFORE UPDATE OR DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION "audit_events_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_refuse_change"();
