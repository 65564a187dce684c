CREATE TABLE "analytics_daily_dimensions" (
	"kind" smallint NOT NULL,
	"project_id" bigint NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "analytics_daily_dimensions_pk" PRIMARY KEY("kind","project_id","bucket","dimension","value")
);
--> statement-breakpoint
ALTER TABLE "analytics_daily_totals" ADD COLUMN "monetized_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_daily_dimensions" ADD CONSTRAINT "analytics_daily_dimensions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_daily_dimensions_bucket_idx" ON "analytics_daily_dimensions" USING btree ("bucket");--> statement-breakpoint
-- The days rolled up so far: each dimension of the stored combinations added up on its own (views only have countries)…
INSERT INTO "analytics_daily_dimensions" ("kind", "project_id", "bucket", "dimension", "value", "count")
SELECT d."kind", d."project_id", d."bucket", x."dimension", x."value", sum(d."count")
FROM "analytics_daily" d
CROSS JOIN LATERAL (VALUES ('country', d."country"), ('loader', d."loader"), ('game_version', d."game_version"), ('reason', d."reason")) AS x("dimension", "value")
WHERE d."kind" = 2 OR x."dimension" = 'country'
GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
-- …and each day's total with its monetized part.
INSERT INTO "analytics_daily_totals" ("kind", "project_id", "bucket", "count", "monetized_count")
SELECT "kind", "project_id", "bucket", sum("count"), coalesce(sum("count") FILTER (WHERE "monetized"), 0)
FROM "analytics_daily"
GROUP BY 1, 2, 3
ON CONFLICT ("kind", "project_id", "bucket") DO UPDATE SET "count" = excluded."count", "monetized_count" = excluded."monetized_count";
