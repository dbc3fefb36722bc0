-- A change to a user's row, and every session that ends, is announced on `user_changes` with the
-- user's id, so each API process drops what it remembers of that user's sessions. A change of
-- balances alone (the ledger, on every job) is not: a NOTIFY makes commits wait on each other, and a
-- balance read from a remembered session is at most the cache's few seconds old.
CREATE FUNCTION "announce_user_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'sessions' THEN
		PERFORM pg_notify('user_changes', OLD."user_id"::text);
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM pg_notify('user_changes', OLD."id"::text);
	ELSE
		PERFORM pg_notify('user_changes', NEW."id"::text);
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_announce_change" AFTER UPDATE ON "users"
	FOR EACH ROW
	WHEN ((to_jsonb(OLD) - 'credits' - 'hypercredits' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'credits' - 'hypercredits' - 'updated_at'))
	EXECUTE FUNCTION "announce_user_change"();--> statement-breakpoint
CREATE TRIGGER "users_announce_delete" AFTER DELETE ON "users"
	FOR EACH ROW EXECUTE FUNCTION "announce_user_change"();--> statement-breakpoint
CREATE TRIGGER "sessions_announce_end" AFTER DELETE ON "sessions"
	FOR EACH ROW EXECUTE FUNCTION "announce_user_change"();
