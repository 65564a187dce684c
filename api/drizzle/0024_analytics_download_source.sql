ALTER TABLE "analytics_download_events" ADD COLUMN "source" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_hourly" ADD COLUMN "source" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_hourly" DROP CONSTRAINT "analytics_hourly_pk";
--> statement-breakpoint
-- Downloads counted before sources were recorded have no known source: 'unknown' (views keep '').
-- Updated before the key is rebuilt, so the index is built once.
UPDATE "analytics_hourly" SET "source" = 'unknown' WHERE "kind" = 2;
--> statement-breakpoint
ALTER TABLE "analytics_hourly" ADD CONSTRAINT "analytics_hourly_pk" PRIMARY KEY("kind","project_id","bucket","country","loader","game_version","reason","source","monetized");--> statement-breakpoint
-- The days rolled up so far get their source dimension too, adding up to each day's total like the others.
INSERT INTO "analytics_daily_dimensions" ("kind", "project_id", "bucket", "dimension", "value", "count")
SELECT "kind", "project_id", "bucket", 'source', 'unknown', "count"
FROM "analytics_daily_totals"
WHERE "kind" = 2 AND "count" > 0
ON CONFLICT DO NOTHING;
