CREATE TYPE "public"."mail_status" AS ENUM('pending', 'sent', 'logged', 'failed');--> statement-breakpoint
CREATE TABLE "mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"data" jsonb NOT NULL,
	"status" "mail_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mails_due_idx" ON "mails" USING btree ("next_attempt_at") WHERE "mails"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mails_created_at_idx" ON "mails" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "mails_recipient_idx" ON "mails" USING btree ("recipient");