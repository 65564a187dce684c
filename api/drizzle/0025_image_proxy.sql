CREATE TABLE "image_proxy_entries" (
	"url_hash" text PRIMARY KEY NOT NULL,
	"blob_key" text,
	"content_type" text,
	"failure_status" integer,
	"failure_code" text,
	"failure_description" text,
	"fetched" timestamp with time zone NOT NULL,
	"expires" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "image_proxy_entries_expires_idx" ON "image_proxy_entries" USING btree ("expires");--> statement-breakpoint
CREATE INDEX "image_proxy_entries_blob_idx" ON "image_proxy_entries" USING btree ("blob_key");