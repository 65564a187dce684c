ALTER TABLE "oauth_clients" RENAME COLUMN "icon_url" TO "icon_key";--> statement-breakpoint
ALTER TABLE "oauth_clients" RENAME COLUMN "raw_icon_url" TO "raw_icon_key";--> statement-breakpoint
ALTER TABLE "oauth_redirect_uris" ADD COLUMN "ordering" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "oauth_access_tokens_authorization_idx" ON "oauth_access_tokens" USING btree ("authorization_id");--> statement-breakpoint
CREATE INDEX "oauth_access_tokens_client_idx" ON "oauth_access_tokens" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "oauth_authorizations_user_idx" ON "oauth_authorizations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "oauth_clients_created_by_idx" ON "oauth_clients" USING btree ("created_by");