CREATE TABLE "customer_totals" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"spent_cents" bigint DEFAULT 0 NOT NULL,
	"last_order_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "orders_status_created_at_idx";--> statement-breakpoint
ALTER TABLE "customer_totals" ADD CONSTRAINT "customer_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_totals_spent_idx" ON "customer_totals" USING btree ("spent_cents" DESC NULLS FIRST,"user_id");--> statement-breakpoint
CREATE INDEX "customer_totals_orders_idx" ON "customer_totals" USING btree ("orders" DESC NULLS FIRST,"user_id");--> statement-breakpoint
CREATE INDEX "customer_totals_last_order_idx" ON "customer_totals" USING btree ("last_order_at" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "orders_status_created_at_number_idx" ON "orders" USING btree ("status","created_at" DESC NULLS FIRST,"number" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
-- Each account's orders, kept by the statement that changes them (issue 40; status compared as
-- text: all pending migrations run in one transaction, where an enum value added by an earlier
-- one cannot be used yet). The accounts an
-- orders statement touched are added up again from their own orders (orders_user_created_at_idx),
-- so any change (checkout, status, refund-free cancel, claiming guest orders, delete) stays right.
CREATE FUNCTION "refresh_customer_totals"(user_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Accounts that still exist: deleting one sets its orders' user_id to null, which lands here.
  INSERT INTO "customer_totals" ("user_id") SELECT "id" FROM "users" WHERE "id" = ANY(user_ids)
  ON CONFLICT DO NOTHING;
  -- The rows' locks first, then the sums in a statement of their own: its snapshot is taken after
  -- any other transaction adding to the same account has committed (a sum taken before the wait
  -- would miss that transaction's order).
  PERFORM 1 FROM "customer_totals" WHERE "user_id" = ANY(user_ids) ORDER BY "user_id" FOR UPDATE;
  UPDATE "customer_totals" t
  SET "orders" = coalesce(s."orders", 0), "spent_cents" = coalesce(s."spent_cents", 0), "last_order_at" = s."last_order_at"
  FROM (SELECT u."user_id", count(o."id") AS "orders",
               sum(o."total_cents") FILTER (WHERE o."status"::text NOT IN ('cancelled', 'awaiting_payment')) AS "spent_cents",
               max(o."created_at") AS "last_order_at"
        FROM (SELECT DISTINCT unnest(user_ids) AS "user_id") u LEFT JOIN "orders" o ON o."user_id" = u."user_id"
        GROUP BY u."user_id") s
  WHERE t."user_id" = s."user_id";
END $$;--> statement-breakpoint
CREATE FUNCTION "customer_totals_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_customer_totals"(ARRAY(SELECT DISTINCT "user_id" FROM new_rows WHERE "user_id" IS NOT NULL));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "customer_totals_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_customer_totals"(ARRAY(
    SELECT n."user_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE n."user_id" IS NOT NULL AND (n."user_id" IS DISTINCT FROM o."user_id" OR n."status" <> o."status"
      OR n."total_cents" <> o."total_cents" OR n."created_at" <> o."created_at")
    UNION
    SELECT o."user_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE o."user_id" IS NOT NULL AND n."user_id" IS DISTINCT FROM o."user_id"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "customer_totals_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_customer_totals"(ARRAY(SELECT DISTINCT "user_id" FROM old_rows WHERE "user_id" IS NOT NULL));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_customer_totals_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "customer_totals_after_insert"();--> statement-breakpoint
CREATE TRIGGER "orders_customer_totals_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "customer_totals_after_update"();--> statement-breakpoint
CREATE TRIGGER "orders_customer_totals_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "customer_totals_after_delete"();--> statement-breakpoint
-- Every account has its row (a new one gets it from this trigger), so the list joins, not left joins.
CREATE FUNCTION "customer_totals_for_new_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "customer_totals" ("user_id") SELECT "id" FROM new_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_customer_totals_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "customer_totals_for_new_users"();--> statement-breakpoint
INSERT INTO "customer_totals" ("user_id", "orders", "spent_cents", "last_order_at")
SELECT u."id", count(o."id"),
       coalesce(sum(o."total_cents") FILTER (WHERE o."status"::text NOT IN ('cancelled', 'awaiting_payment')), 0),
       max(o."created_at")
FROM "users" u LEFT JOIN "orders" o ON o."user_id" = u."id"
GROUP BY u."id";
