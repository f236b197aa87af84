-- Seats coming free on a show someone waits for make the show due for its waiting list (CONTRACT
-- §13), from the database itself, so no code path that frees seats can forget it: a claim ending
-- (a hold lapsing, a cancel, a refund, an exchange) or the show's layout changing (made bigger).
-- The waiting-list worker (features/waitlist/offers.ts) of whichever process claims the row first
-- makes the offers.
CREATE OR REPLACE FUNCTION marquee_waitlist_due() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
	v_show uuid;
BEGIN
	IF TG_TABLE_NAME = 'shows' THEN
		v_show := NEW.id;
	ELSE
		v_show := NEW.show_id;
	END IF;
	IF EXISTS (SELECT 1 FROM waitlist_entries WHERE show_id = v_show AND status = 'waiting') THEN
		INSERT INTO waitlist_due (show_id) VALUES (v_show) ON CONFLICT DO NOTHING;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS booking_seats_waitlist_due ON booking_seats;
--> statement-breakpoint
CREATE TRIGGER booking_seats_waitlist_due AFTER UPDATE OF is_live ON booking_seats
	FOR EACH ROW WHEN (OLD.is_live AND NOT NEW.is_live) EXECUTE FUNCTION marquee_waitlist_due();
--> statement-breakpoint
DROP TRIGGER IF EXISTS shows_waitlist_due ON shows;
--> statement-breakpoint
CREATE TRIGGER shows_waitlist_due AFTER UPDATE OF layout ON shows
	FOR EACH ROW WHEN (OLD.layout IS DISTINCT FROM NEW.layout) EXECUTE FUNCTION marquee_waitlist_due();
