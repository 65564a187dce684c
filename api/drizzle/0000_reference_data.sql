CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"project_type" text NOT NULL,
	"header" text NOT NULL,
	"icon" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donation_platforms" (
	"short" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"ordering" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"version_type" text NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"major" boolean DEFAULT false NOT NULL,
	"ordering" integer,
	CONSTRAINT "game_versions_version_unique" UNIQUE("version")
);
--> statement-breakpoint
CREATE TABLE "licenses" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"osi_approved" boolean NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loaders" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon" text NOT NULL,
	"supported_project_types" text[] NOT NULL,
	"loader_group" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "loaders_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "project_types" (
	"name" text PRIMARY KEY NOT NULL,
	"ordering" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_types" (
	"name" text PRIMARY KEY NOT NULL,
	"ordering" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_project_type_project_types_name_fk" FOREIGN KEY ("project_type") REFERENCES "public"."project_types"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_type_idx" ON "categories" USING btree ("name","project_type");--> statement-breakpoint
CREATE INDEX "game_versions_date_idx" ON "game_versions" USING btree ("date");