CREATE TABLE "analytics_daily" (
	"kind" smallint NOT NULL,
	"project_id" bigint NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"country" text NOT NULL,
	"loader" text NOT NULL,
	"game_version" text NOT NULL,
	"reason" text NOT NULL,
	"monetized" boolean NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "analytics_daily_pk" PRIMARY KEY("kind","project_id","bucket","country","loader","game_version","reason","monetized")
);
--> statement-breakpoint
CREATE TABLE "analytics_download_events" (
	"project_id" bigint NOT NULL,
	"version_id" bigint NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"client_key" text NOT NULL,
	"country" text DEFAULT 'XX' NOT NULL,
	"loader" text DEFAULT '' NOT NULL,
	"game_version" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT 'standalone' NOT NULL,
	"dependent_on" bigint,
	"monetized" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_hourly" (
	"kind" smallint NOT NULL,
	"project_id" bigint NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"country" text NOT NULL,
	"loader" text NOT NULL,
	"game_version" text NOT NULL,
	"reason" text NOT NULL,
	"monetized" boolean NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "analytics_hourly_pk" PRIMARY KEY("kind","project_id","bucket","country","loader","game_version","reason","monetized")
);
--> statement-breakpoint
CREATE TABLE "analytics_view_events" (
	"project_id" bigint NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"client_key" text NOT NULL,
	"country" text DEFAULT 'XX' NOT NULL,
	"monetized" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_download_events" ADD CONSTRAINT "analytics_download_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_hourly" ADD CONSTRAINT "analytics_hourly_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_view_events" ADD CONSTRAINT "analytics_view_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_daily_bucket_idx" ON "analytics_daily" USING btree ("bucket") WHERE monetized;--> statement-breakpoint
CREATE INDEX "analytics_download_events_recorded_at_brin" ON "analytics_download_events" USING brin ("recorded_at");--> statement-breakpoint
CREATE INDEX "analytics_download_events_client_idx" ON "analytics_download_events" USING btree ("project_id","client_key","recorded_at");--> statement-breakpoint
CREATE INDEX "analytics_hourly_bucket_idx" ON "analytics_hourly" USING btree ("bucket");--> statement-breakpoint
CREATE INDEX "analytics_view_events_recorded_at_brin" ON "analytics_view_events" USING brin ("recorded_at");--> statement-breakpoint
CREATE INDEX "analytics_view_events_client_idx" ON "analytics_view_events" USING btree ("project_id","client_key","recorded_at");