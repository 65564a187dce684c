CREATE TABLE "server_backups" (
	"server_id" text NOT NULL,
	"backup_id" text NOT NULL,
	"automated" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"name" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_nodes" (
	"id" bigint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"public_url" text,
	"game_host" text,
	"token" text NOT NULL,
	"cpu_cores" integer DEFAULT 0 NOT NULL,
	"memory_mib" integer DEFAULT 0 NOT NULL,
	"memory_limit_mib" integer,
	"healthy" boolean DEFAULT false NOT NULL,
	"last_seen" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "server_nodes_url_unique" UNIQUE("url")
);
--> statement-breakpoint
CREATE TABLE "servers" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" bigint NOT NULL,
	"subscription_id" bigint NOT NULL,
	"name" text NOT NULL,
	"node_id" bigint,
	"port" integer,
	"memory_mib" integer,
	"cpu_percent" integer,
	"storage_mib" integer,
	"runtime" text DEFAULT 'flying-squid' NOT NULL,
	"loader" text DEFAULT 'vanilla' NOT NULL,
	"game_version" text NOT NULL,
	"status" text DEFAULT 'unprovisioned' NOT NULL,
	"suspension_reason" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"delete_after" timestamp with time zone,
	"deleted" timestamp with time zone,
	CONSTRAINT "servers_subscriptionId_unique" UNIQUE("subscription_id")
);
--> statement-breakpoint
ALTER TABLE "server_backups" ADD CONSTRAINT "server_backups_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servers" ADD CONSTRAINT "servers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servers" ADD CONSTRAINT "servers_subscription_id_billing_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."billing_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servers" ADD CONSTRAINT "servers_node_id_server_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."server_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "server_backups_backup_idx" ON "server_backups" USING btree ("server_id","backup_id");--> statement-breakpoint
CREATE INDEX "servers_owner_idx" ON "servers" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "servers_node_port_idx" ON "servers" USING btree ("node_id","port") WHERE "servers"."deleted" is null;