-- Mails in the recipient's language (decision 041): each outbox row keeps the language its subject
-- was written in, and its body renders in; rows queued before this were English. An order keeps
-- the language its checkout came in, which a guest's mails follow.
ALTER TABLE "mails" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "language" text;