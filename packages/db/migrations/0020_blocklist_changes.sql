-- A change to the blocklist is announced on `blocklist_changes`, so each API process reads the list
-- again at its next prompt check instead of on every one.
CREATE FUNCTION "announce_blocklist_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('blocklist_changes', '');
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "blocklist_terms_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blocklist_terms"
	FOR EACH STATEMENT EXECUTE FUNCTION "announce_blocklist_change"();
