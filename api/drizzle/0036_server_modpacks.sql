CREATE TABLE "server_modpacks" (
	"server_id" text PRIMARY KEY NOT NULL,
	"project_id" bigint NOT NULL,
	"version_id" bigint,
	"target_version_id" bigint NOT NULL,
	"state" text NOT NULL,
	"error" text,
	"files_done" integer DEFAULT 0 NOT NULL,
	"files_total" integer DEFAULT 0 NOT NULL,
	"bytes_done" bigint DEFAULT 0 NOT NULL,
	"bytes_total" bigint DEFAULT 0 NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"conflicts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actor_id" bigint,
	"started" timestamp with time zone DEFAULT now() NOT NULL,
	"finished" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "server_modpacks" ADD CONSTRAINT "server_modpacks_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_modpacks" ADD CONSTRAINT "server_modpacks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_modpacks" ADD CONSTRAINT "server_modpacks_version_id_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_modpacks" ADD CONSTRAINT "server_modpacks_target_version_id_versions_id_fk" FOREIGN KEY ("target_version_id") REFERENCES "public"."versions"("id") ON DELETE cascade ON UPDATE no action;