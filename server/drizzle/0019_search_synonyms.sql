CREATE TABLE "search_synonyms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terms" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A synonym change rebuilds the catalogue index like a product edit (see 0011).
CREATE TRIGGER "search_synonyms_catalogue_write" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "search_synonyms"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_catalogue_write"();--> statement-breakpoint
-- The demo set: what shoppers of a clothing and gadget shop type for the words the names use.
INSERT INTO "search_synonyms" ("terms") VALUES
  (ARRAY['tee', 't-shirt', 'tshirt']),
  (ARRAY['sneaker', 'trainer', 'kicks']),
  (ARRAY['hoodie', 'sweatshirt', 'hoody']),
  (ARRAY['trousers', 'pants', 'slacks']),
  (ARRAY['handbag', 'purse', 'bag']),
  (ARRAY['earbuds', 'earphones', 'in-ear']),
  (ARRAY['smartphone', 'phone', 'mobile', 'cellphone']),
  (ARRAY['laptop', 'notebook computer']),
  (ARRAY['jacket', 'coat']),
  (ARRAY['heel', 'stiletto', 'pump']);
