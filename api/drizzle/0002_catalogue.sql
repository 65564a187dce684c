CREATE TABLE "download_dedup" (
	"version_id" bigint NOT NULL,
	"client_key" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	CONSTRAINT "download_dedup_version_id_client_key_hour_pk" PRIMARY KEY("version_id","client_key","hour")
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" bigint PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"icon_key" text,
	"raw_icon_key" text,
	"color" integer,
	"team_id" bigint NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_categories" (
	"project_id" bigint NOT NULL,
	"category" text NOT NULL,
	"additional" boolean DEFAULT false NOT NULL,
	CONSTRAINT "project_categories_project_id_category_pk" PRIMARY KEY("project_id","category")
);
--> statement-breakpoint
CREATE TABLE "project_follows" (
	"user_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_follows_user_id_project_id_pk" PRIMARY KEY("user_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "project_gallery_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" bigint NOT NULL,
	"image_key" text NOT NULL,
	"raw_image_key" text NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"title" text,
	"description" text,
	"ordering" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_links" (
	"project_id" bigint NOT NULL,
	"platform" text NOT NULL,
	"donation" boolean NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "project_links_project_id_platform_pk" PRIMARY KEY("project_id","platform")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" bigint PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"team_id" bigint NOT NULL,
	"organization_id" bigint,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"declared_type" text DEFAULT 'mod' NOT NULL,
	"status" text NOT NULL,
	"requested_status" text,
	"moderation_message" text,
	"moderation_message_body" text,
	"license_id" text NOT NULL,
	"license_url" text,
	"published" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	"approved" timestamp with time zone,
	"queued" timestamp with time zone,
	"downloads" bigint DEFAULT 0 NOT NULL,
	"followers" integer DEFAULT 0 NOT NULL,
	"icon_key" text,
	"raw_icon_key" text,
	"color" integer,
	"monetization_status" text DEFAULT 'monetized' NOT NULL,
	"client_side" text DEFAULT 'unknown' NOT NULL,
	"server_side" text DEFAULT 'unknown' NOT NULL,
	CONSTRAINT "projects_followers_nonnegative" CHECK ("projects"."followers" >= 0)
);
--> statement-breakpoint
CREATE TABLE "search_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" bigint NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"team_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"role" text DEFAULT 'Member' NOT NULL,
	"is_owner" boolean DEFAULT false NOT NULL,
	"permissions" integer DEFAULT 0 NOT NULL,
	"organization_permissions" integer,
	"accepted" boolean DEFAULT false NOT NULL,
	"payouts_split" integer DEFAULT 0 NOT NULL,
	"ordering" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" bigint PRIMARY KEY NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "threads" (
	"id" bigint PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"project_id" bigint,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "version_dependencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_id" bigint NOT NULL,
	"dependency_version_id" bigint,
	"dependency_project_id" bigint,
	"file_name" text,
	"dependency_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "version_files" (
	"id" bigint PRIMARY KEY NOT NULL,
	"version_id" bigint NOT NULL,
	"blob_key" text NOT NULL,
	"filename" text NOT NULL,
	"size" bigint NOT NULL,
	"sha1" text NOT NULL,
	"sha512" text NOT NULL,
	"primary" boolean DEFAULT false NOT NULL,
	"file_type" text
);
--> statement-breakpoint
CREATE TABLE "versions" (
	"id" bigint PRIMARY KEY NOT NULL,
	"project_id" bigint NOT NULL,
	"author_id" bigint NOT NULL,
	"name" text NOT NULL,
	"version_number" text NOT NULL,
	"changelog" text DEFAULT '' NOT NULL,
	"version_type" text NOT NULL,
	"status" text DEFAULT 'listed' NOT NULL,
	"requested_status" text,
	"featured" boolean DEFAULT false NOT NULL,
	"date_published" timestamp with time zone DEFAULT now() NOT NULL,
	"downloads" bigint DEFAULT 0 NOT NULL,
	"ordering" integer,
	"loaders" text[] NOT NULL,
	"game_versions" text[] NOT NULL,
	"environment" text DEFAULT 'unknown' NOT NULL,
	"project_types" text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "download_dedup" ADD CONSTRAINT "download_dedup_version_id_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_categories" ADD CONSTRAINT "project_categories_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_follows" ADD CONSTRAINT "project_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_follows" ADD CONSTRAINT "project_follows_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_gallery_images" ADD CONSTRAINT "project_gallery_images_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_links" ADD CONSTRAINT "project_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_dependencies" ADD CONSTRAINT "version_dependencies_version_id_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_dependencies" ADD CONSTRAINT "version_dependencies_dependency_version_id_versions_id_fk" FOREIGN KEY ("dependency_version_id") REFERENCES "public"."versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_dependencies" ADD CONSTRAINT "version_dependencies_dependency_project_id_projects_id_fk" FOREIGN KEY ("dependency_project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "version_files" ADD CONSTRAINT "version_files_version_id_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "versions" ADD CONSTRAINT "versions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "versions" ADD CONSTRAINT "versions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "download_dedup_hour_idx" ON "download_dedup" USING btree ("hour");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_slug_lower_idx" ON "organizations" USING btree (lower("slug"));--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_team_idx" ON "organizations" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "project_categories_category_idx" ON "project_categories" USING btree ("category");--> statement-breakpoint
CREATE INDEX "project_follows_project_idx" ON "project_follows" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_gallery_images_key_idx" ON "project_gallery_images" USING btree ("project_id","image_key");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_slug_lower_idx" ON "projects" USING btree (lower("slug"));--> statement-breakpoint
CREATE INDEX "projects_team_idx" ON "projects" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "projects_organization_idx" ON "projects" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "projects_status_idx" ON "projects" USING btree ("status");--> statement-breakpoint
CREATE INDEX "search_outbox_project_idx" ON "search_outbox" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "team_members_user_idx" ON "team_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_one_owner_idx" ON "team_members" USING btree ("team_id") WHERE "team_members"."is_owner";--> statement-breakpoint
CREATE UNIQUE INDEX "threads_project_idx" ON "threads" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "version_dependencies_version_idx" ON "version_dependencies" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "version_dependencies_project_idx" ON "version_dependencies" USING btree ("dependency_project_id");--> statement-breakpoint
CREATE INDEX "version_dependencies_dep_version_idx" ON "version_dependencies" USING btree ("dependency_version_id");--> statement-breakpoint
CREATE INDEX "version_files_version_idx" ON "version_files" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "version_files_sha1_idx" ON "version_files" USING btree ("sha1");--> statement-breakpoint
CREATE INDEX "version_files_sha512_idx" ON "version_files" USING btree ("sha512");--> statement-breakpoint
CREATE UNIQUE INDEX "version_files_filename_idx" ON "version_files" USING btree ("version_id","filename");--> statement-breakpoint
CREATE INDEX "versions_project_idx" ON "versions" USING btree ("project_id","date_published");--> statement-breakpoint
CREATE INDEX "versions_author_idx" ON "versions" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "versions_loaders_idx" ON "versions" USING gin ("loaders");--> statement-breakpoint
CREATE INDEX "versions_game_versions_idx" ON "versions" USING gin ("game_versions");