CREATE TABLE "server_content" (
	"server_id" text NOT NULL,
	"project_id" bigint NOT NULL,
	"version_id" bigint NOT NULL,
	"file_name" text NOT NULL,
	"folder" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"dependency_of" bigint,
	"installed" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "server_content_server_id_project_id_pk" PRIMARY KEY("server_id","project_id")
);
--> statement-breakpoint
ALTER TABLE "server_content" ADD CONSTRAINT "server_content_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_content" ADD CONSTRAINT "server_content_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_content" ADD CONSTRAINT "server_content_version_id_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_content" ADD CONSTRAINT "server_content_dependency_of_projects_id_fk" FOREIGN KEY ("dependency_of") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "server_content_project_idx" ON "server_content" USING btree ("project_id");--> statement-breakpoint
-- The catalogue loader of plugins for the built-in server runtime. A database seeded before it
-- existed gets it here; an empty one is filled from the shared constants by `seed` as before.
INSERT INTO "loaders" ("name", "icon", "supported_project_types", "loader_group", "hidden", "metadata")
SELECT 'flying-squid', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M12 3c3 0 5 3 5 7v3H7v-3c0-4 2-7 5-7z"/><path d="M8 13v6M11 13v8M13 13v8M16 13v6"/></svg>', ARRAY['plugin', 'mod'], 'plugin', false, '{"platform": false}'::jsonb
WHERE EXISTS (SELECT 1 FROM "loaders")
ON CONFLICT ("name") DO NOTHING;
