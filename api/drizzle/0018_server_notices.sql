CREATE TABLE "server_notice_dismissals" (
	"notice_id" bigint NOT NULL,
	"server_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "server_notice_dismissals_notice_id_server_id_pk" PRIMARY KEY("notice_id","server_id")
);
--> statement-breakpoint
CREATE TABLE "server_notice_nodes" (
	"notice_id" bigint NOT NULL,
	"node_id" bigint NOT NULL,
	CONSTRAINT "server_notice_nodes_notice_id_node_id_pk" PRIMARY KEY("notice_id","node_id")
);
--> statement-breakpoint
CREATE TABLE "server_notice_servers" (
	"notice_id" bigint NOT NULL,
	"server_id" text NOT NULL,
	CONSTRAINT "server_notice_servers_notice_id_server_id_pk" PRIMARY KEY("notice_id","server_id")
);
--> statement-breakpoint
CREATE TABLE "server_notices" (
	"id" bigint PRIMARY KEY NOT NULL,
	"level" text NOT NULL,
	"title" text,
	"message" text NOT NULL,
	"dismissable" boolean NOT NULL,
	"begins" timestamp with time zone,
	"expires" timestamp with time zone,
	"assigned_all" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "server_notice_dismissals" ADD CONSTRAINT "server_notice_dismissals_notice_id_server_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."server_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_notice_dismissals" ADD CONSTRAINT "server_notice_dismissals_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_notice_dismissals" ADD CONSTRAINT "server_notice_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_notice_nodes" ADD CONSTRAINT "server_notice_nodes_notice_id_server_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."server_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_notice_nodes" ADD CONSTRAINT "server_notice_nodes_node_id_server_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."server_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_notice_servers" ADD CONSTRAINT "server_notice_servers_notice_id_server_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."server_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_notice_servers" ADD CONSTRAINT "server_notice_servers_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "server_notice_nodes_node_idx" ON "server_notice_nodes" USING btree ("node_id");--> statement-breakpoint
CREATE INDEX "server_notice_servers_server_idx" ON "server_notice_servers" USING btree ("server_id");