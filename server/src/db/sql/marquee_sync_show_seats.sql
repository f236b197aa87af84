-- show_seats follows shows.layout (issue 35): when a show is made, and when its layout changes (a
-- grid resized on edit), its rows are written again from the layout, in the statement that wrote
-- the show, so no code path can leave them behind. The hold looks seats up there
-- (marquee_hold_seats.sql). Deleting a show deletes them (the foreign key cascades).
CREATE OR REPLACE FUNCTION marquee_sync_show_seats() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
	IF TG_OP = 'UPDATE' THEN
		IF NEW.layout IS NOT DISTINCT FROM OLD.layout THEN
			RETURN NULL;
		END IF;
		DELETE FROM show_seats WHERE show_id = NEW.id;
	END IF;
	-- A lax path: a layout of another shape (never written by the app) has no seats, not an error.
	INSERT INTO show_seats (show_id, seat, class)
	SELECT NEW.id, seat ->> 'id', seat ->> 'class'
	FROM jsonb_path_query(NEW.layout, 'lax $.rows[*].seats[*] ? (@.type() == "object")') AS seat
	WHERE seat ->> 'id' IS NOT NULL AND seat ->> 'class' IS NOT NULL
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS shows_sync_seats ON shows;
--> statement-breakpoint
CREATE TRIGGER shows_sync_seats AFTER INSERT OR UPDATE OF layout ON shows
	FOR EACH ROW EXECUTE FUNCTION marquee_sync_show_seats();
