CREATE TABLE "project_translations" (
	"project_id" bigint NOT NULL,
	"language" text NOT NULL,
	"summary" text NOT NULL,
	"description" text NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_translations_project_id_language_pk" PRIMARY KEY("project_id","language")
);
--> statement-breakpoint
CREATE TABLE "version_translations" (
	"version_id" bigint NOT NULL,
	"language" text NOT NULL,
	"changelog" text NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "version_translations_version_id_language_pk" PRIMARY KEY("version_id","language")
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "original_language" text DEFAULT 'en-US' NOT NULL;--> statement-breakpoint
ALTER TABLE "project_translations" ADD CONSTRAINT "project_translations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_translations" ADD CONSTRAINT "version_translations_version_id_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versions"("id") ON DELETE cascade ON UPDATE no action;