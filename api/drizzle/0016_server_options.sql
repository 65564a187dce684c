CREATE TABLE "server_allocations" (
	"server_id" text NOT NULL,
	"node_id" bigint NOT NULL,
	"port" integer NOT NULL,
	"name" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "subdomain" text;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "jar" text;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "invocation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "java_version" integer;--> statement-breakpoint
ALTER TABLE "servers" ADD COLUMN "auto_restart" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "server_allocations" ADD CONSTRAINT "server_allocations_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_allocations" ADD CONSTRAINT "server_allocations_node_id_server_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."server_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "server_allocations_node_port_idx" ON "server_allocations" USING btree ("node_id","port");--> statement-breakpoint
CREATE INDEX "server_allocations_server_idx" ON "server_allocations" USING btree ("server_id");--> statement-breakpoint
CREATE UNIQUE INDEX "servers_subdomain_idx" ON "servers" USING btree ("subdomain") WHERE "servers"."deleted" is null;