CREATE TABLE "bag_reminder_consents" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"consent_source" text NOT NULL,
	"consent_text" text NOT NULL,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "bag_reminder_consents_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "bag_reminder_consents" ADD CONSTRAINT "bag_reminder_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;