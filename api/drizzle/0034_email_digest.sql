ALTER TABLE "users" ADD COLUMN "email_digest" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest_last_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_email_digest_due_idx" ON "users" USING btree ("digest_last_sent_at") WHERE "users"."email_digest" <> 'off';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_digest_kind" CHECK ("users"."email_digest" in ('off', 'daily', 'weekly'));