ALTER TABLE "server_schedule_runs" DROP CONSTRAINT "server_schedule_runs_server_id_servers_id_fk";
