CREATE TABLE "server_node_enrolments" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"owner_id" bigint NOT NULL,
	"name" text NOT NULL,
	"expires" timestamp with time zone NOT NULL,
	"used" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "servers" ALTER COLUMN "subscription_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "server_nodes" ADD COLUMN "owner_id" bigint;--> statement-breakpoint
ALTER TABLE "server_nodes" ADD COLUMN "max_servers" integer;--> statement-breakpoint
ALTER TABLE "server_nodes" ADD COLUMN "tunnel_credential_hash" text;--> statement-breakpoint
ALTER TABLE "server_node_enrolments" ADD CONSTRAINT "server_node_enrolments_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_nodes" ADD CONSTRAINT "server_nodes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_nodes" ADD CONSTRAINT "server_nodes_tunnelCredentialHash_unique" UNIQUE("tunnel_credential_hash");