-- Announce committed catalogue changes so every API process can evict cached public data.
-- NOTIFY is delivered at commit (never for rolled-back changes); identical payloads in one
-- transaction are sent once.
CREATE OR REPLACE FUNCTION notify_catalogue_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', NEW.project_id::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER search_outbox_notify AFTER INSERT ON search_outbox
  FOR EACH ROW EXECUTE FUNCTION notify_catalogue_change();
