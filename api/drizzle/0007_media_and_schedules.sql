CREATE TABLE "uploaded_images" (
	"id" bigint PRIMARY KEY NOT NULL,
	"blob_key" text NOT NULL,
	"size" integer NOT NULL,
	"owner_id" bigint NOT NULL,
	"context" text NOT NULL,
	"project_id" bigint,
	"version_id" bigint,
	"thread_message_id" bigint,
	"report_id" bigint,
	"attached" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "scheduled_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "versions" ADD COLUMN "scheduled_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploaded_images" ADD CONSTRAINT "uploaded_images_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_images" ADD CONSTRAINT "uploaded_images_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_images" ADD CONSTRAINT "uploaded_images_version_id_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploaded_images_project_idx" ON "uploaded_images" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "uploaded_images_version_idx" ON "uploaded_images" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "uploaded_images_blob_idx" ON "uploaded_images" USING btree ("blob_key");--> statement-breakpoint
CREATE INDEX "uploaded_images_unattached_idx" ON "uploaded_images" USING btree ("created") WHERE not "uploaded_images"."attached";