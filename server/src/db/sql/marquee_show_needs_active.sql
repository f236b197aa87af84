-- A show is made (or moved to another film or screen) only for an active film on an active screen
-- (CONTRACT §3 and §7). The database has the last word, as it has on overlaps: FOR SHARE waits for
-- a retirement under way (it updates the row) and then reads what it committed, so a show and a
-- retirement racing each other cannot both succeed. SQLSTATE MQ409 is a refusal in words: the app
-- answers 409 with the message (plugins/error-handler.ts).
CREATE OR REPLACE FUNCTION marquee_show_needs_active() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
	v_active boolean;
BEGIN
	IF TG_OP = 'INSERT' OR NEW.movie_id IS DISTINCT FROM OLD.movie_id THEN
		SELECT active INTO v_active FROM movies WHERE id = NEW.movie_id FOR SHARE;
		IF NOT FOUND THEN
			RAISE EXCEPTION 'Movie not found' USING ERRCODE = 'MQ404';
		END IF;
		IF NOT v_active THEN
			RAISE EXCEPTION 'This movie has been retired: restore it before adding shows' USING ERRCODE = 'MQ409';
		END IF;
	END IF;
	IF TG_OP = 'INSERT' OR NEW.screen_id IS DISTINCT FROM OLD.screen_id THEN
		SELECT active INTO v_active FROM screens WHERE id = NEW.screen_id FOR SHARE;
		IF FOUND AND NOT v_active THEN
			RAISE EXCEPTION 'This screen has been retired: restore it before adding shows' USING ERRCODE = 'MQ409';
		END IF;
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS shows_need_active ON shows;
--> statement-breakpoint
CREATE TRIGGER shows_need_active BEFORE INSERT OR UPDATE OF movie_id, screen_id ON shows
	FOR EACH ROW EXECUTE FUNCTION marquee_show_needs_active();
