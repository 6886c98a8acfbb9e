ALTER TABLE "reviews" ADD COLUMN "caption" text;--> statement-breakpoint
-- Every review written so far is a demo testimonial (nothing else writes reviews yet): SPEC's caption.
UPDATE "reviews" SET "caption" = 'Developer' WHERE "user_id" IS NULL;
