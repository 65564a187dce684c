-- Wake the search indexer as soon as a change is committed (notifications are delivered at
-- commit, and several in one transaction collapse into one).
CREATE FUNCTION search_outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('search_outbox', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_outbox_notify AFTER INSERT ON search_outbox FOR EACH STATEMENT EXECUTE FUNCTION search_outbox_notify();
