CREATE TABLE "product_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"hidden_at" timestamp with time zone,
	"moderation_reason" text,
	"moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_reviews_product_user_unique" UNIQUE("product_id","user_id"),
	CONSTRAINT "product_reviews_rating_range" CHECK ("product_reviews"."rating" between 1 and 5),
	CONSTRAINT "product_reviews_title_length" CHECK (char_length("product_reviews"."title") between 1 and 120),
	CONSTRAINT "product_reviews_body_length" CHECK (char_length("product_reviews"."body") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "reviews" DROP CONSTRAINT "reviews_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_reviews_product_created_at_idx" ON "product_reviews" USING btree ("product_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "product_reviews_product_rating_idx" ON "product_reviews" USING btree ("product_id","rating","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_reviews_user_idx" ON "product_reviews" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "product_reviews_created_at_idx" ON "product_reviews" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_unique" UNIQUE("user_id");--> statement-breakpoint
-- products.rating_count / rating_sum follow the visible reviews in the writing transaction itself:
-- every insert, edit, hide, restore and delete (a removed account's or product's cascade too).
CREATE FUNCTION "product_reviews_keep_rating"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.hidden_at IS NULL THEN
    UPDATE "products" SET "rating_count" = "rating_count" - 1, "rating_sum" = "rating_sum" - OLD.rating
    WHERE "id" = OLD.product_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.hidden_at IS NULL THEN
    UPDATE "products" SET "rating_count" = "rating_count" + 1, "rating_sum" = "rating_sum" + NEW.rating
    WHERE "id" = NEW.product_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "product_reviews_keep_rating" AFTER INSERT OR DELETE OR UPDATE OF "rating", "hidden_at", "product_id"
ON "product_reviews" FOR EACH ROW EXECUTE FUNCTION "product_reviews_keep_rating"();
