CREATE TYPE "public"."payment_status" AS ENUM('awaiting', 'paid', 'expired', 'failed', 'cancelled');--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'awaiting_payment' BEFORE 'paid';--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"order_id" uuid,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" "payment_status" DEFAULT 'paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_session_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_flag" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_awaiting_hold_idx" ON "orders" USING btree ("payment_hold_expires_at") WHERE "orders"."payment_status" = 'awaiting';--> statement-breakpoint
CREATE INDEX "orders_payment_flag_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST) WHERE "orders"."payment_flag" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_session_unique" UNIQUE("payment_session_id");