CREATE TABLE "server_listings" (
	"id" bigint PRIMARY KEY NOT NULL,
	"owner_id" bigint NOT NULL,
	"server_id" text,
	"name" text NOT NULL,
	"summary" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"game_version" text NOT NULL,
	"loader" text NOT NULL,
	"modpack_id" bigint,
	"region" text,
	"status" text DEFAULT 'processing' NOT NULL,
	"moderation_message" text,
	"checked" timestamp with time zone,
	"online" boolean DEFAULT false NOT NULL,
	"last_online" timestamp with time zone,
	"players_online" integer,
	"players_max" integer,
	"version_name" text,
	"motd" text,
	"ping_error" text,
	"hidden_reason" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "server_listings" ADD CONSTRAINT "server_listings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_listings" ADD CONSTRAINT "server_listings_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_listings" ADD CONSTRAINT "server_listings_modpack_id_projects_id_fk" FOREIGN KEY ("modpack_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "server_listings_owner_idx" ON "server_listings" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "server_listings_status_idx" ON "server_listings" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "server_listings_server_idx" ON "server_listings" USING btree ("server_id") WHERE "server_listings"."server_id" is not null;