CREATE TABLE "server_sftp_logins" (
	"server_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"username" text NOT NULL,
	"password_hash" text,
	"public_keys" text[] DEFAULT '{}' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "server_sftp_logins_server_id_user_id_pk" PRIMARY KEY("server_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "server_sftp_logins" ADD CONSTRAINT "server_sftp_logins_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_sftp_logins" ADD CONSTRAINT "server_sftp_logins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "server_sftp_logins_username_idx" ON "server_sftp_logins" USING btree ("username");