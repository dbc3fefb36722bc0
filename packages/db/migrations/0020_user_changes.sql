-- Every change to a user's row, and every session that ends, is announced on `user_changes` with
-- the user's id, so each API process drops what it remembers of that user's sessions.
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
CREATE TRIGGER "users_announce_change" AFTER UPDATE OR DELETE ON "users"
	FOR EACH ROW EXECUTE FUNCTION "announce_user_change"();--> statement-breakpoint
CREATE TRIGGER "sessions_announce_end" AFTER DELETE ON "sessions"
	FOR EACH ROW EXECUTE FUNCTION "announce_user_change"();
