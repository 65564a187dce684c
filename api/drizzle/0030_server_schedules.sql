CREATE TABLE "server_schedule_runs" (
	"id" bigint PRIMARY KEY NOT NULL,
	"schedule_id" bigint NOT NULL,
	"server_id" text NOT NULL,
	"trigger" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"started" timestamp with time zone NOT NULL,
	"finished" timestamp with time zone,
	"status" text DEFAULT 'running' NOT NULL,
	"reason" text,
	"steps_done" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_schedules" (
	"id" bigint PRIMARY KEY NOT NULL,
	"server_id" text NOT NULL,
	"name" text NOT NULL,
	"cron" text NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"steps" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "server_content" ADD COLUMN "pinned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "server_schedule_runs" ADD CONSTRAINT "server_schedule_runs_schedule_id_server_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."server_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_schedule_runs" ADD CONSTRAINT "server_schedule_runs_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_schedules" ADD CONSTRAINT "server_schedules_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "server_schedule_runs_due_idx" ON "server_schedule_runs" USING btree ("schedule_id","due_at");--> statement-breakpoint
CREATE INDEX "server_schedule_runs_server_idx" ON "server_schedule_runs" USING btree ("server_id","started");--> statement-breakpoint
CREATE INDEX "server_schedules_server_idx" ON "server_schedules" USING btree ("server_id");--> statement-breakpoint
CREATE INDEX "server_schedules_due_idx" ON "server_schedules" USING btree ("next_run_at") WHERE "server_schedules"."enabled";