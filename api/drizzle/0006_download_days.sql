CREATE TABLE "project_download_days" (
	"project_id" bigint NOT NULL,
	"day" date NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "project_download_days_project_id_day_pk" PRIMARY KEY("project_id","day")
);
--> statement-breakpoint
ALTER TABLE "project_download_days" ADD CONSTRAINT "project_download_days_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_download_days_day_idx" ON "project_download_days" USING btree ("day");