CREATE TABLE "analytics_daily_totals" (
	"kind" smallint NOT NULL,
	"project_id" bigint NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "analytics_daily_totals_pk" PRIMARY KEY("kind","project_id","bucket")
);
--> statement-breakpoint
DROP INDEX "analytics_daily_bucket_idx";--> statement-breakpoint
ALTER TABLE "analytics_daily_totals" ADD CONSTRAINT "analytics_daily_totals_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_daily_totals_bucket_idx" ON "analytics_daily_totals" USING btree ("bucket");--> statement-breakpoint
CREATE INDEX "analytics_daily_bucket_idx" ON "analytics_daily" USING btree ("bucket");