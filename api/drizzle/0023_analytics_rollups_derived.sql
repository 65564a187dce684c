DROP TABLE "analytics_daily" CASCADE;--> statement-breakpoint
ALTER TABLE "analytics_daily_dimensions" DROP CONSTRAINT "analytics_daily_dimensions_project_id_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "analytics_daily_totals" DROP CONSTRAINT "analytics_daily_totals_project_id_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "analytics_hourly" DROP CONSTRAINT "analytics_hourly_project_id_projects_id_fk";
--> statement-breakpoint
-- The roll-ups are derived data without foreign keys (checking every row of a bulk roll-up was a
-- tenth of its time); a deleted project's roll-up rows go with it here, as the cascade did.
CREATE OR REPLACE FUNCTION forget_project_analytics() RETURNS trigger AS $$
BEGIN
  DELETE FROM analytics_hourly WHERE kind IN (1, 2) AND project_id = OLD.id;
  DELETE FROM analytics_daily_dimensions WHERE kind IN (1, 2) AND project_id = OLD.id;
  DELETE FROM analytics_daily_totals WHERE kind IN (1, 2) AND project_id = OLD.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER projects_forget_analytics AFTER DELETE ON projects
  FOR EACH ROW EXECUTE FUNCTION forget_project_analytics();
