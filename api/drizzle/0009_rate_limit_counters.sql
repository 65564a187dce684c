-- Request counters shared by every API process when RATE_LIMIT_STORE=database. Kept out of the
-- public schema (no backups, no row digests) and unlogged: losing them in a crash only resets quotas.
CREATE SCHEMA IF NOT EXISTS "ephemeral";--> statement-breakpoint
CREATE UNLOGGED TABLE "ephemeral"."rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
