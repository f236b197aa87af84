-- Seat maps are told by the database itself: every change of a claim, of a booking's status or of
-- a show NOTIFYs marquee_seats with the show's id (PostgreSQL folds repeats in a transaction), so
-- no code path can forget one. Claims are told once per statement and show, not once per seat
-- (marquee_notify_seat_claims.sql, issue 35). Every process's seat-map cache listens
-- (features/seats/seat-map-cache.ts, docs/decisions/0003-read-caches.md). A booking's status is
-- not told from a transaction whose caller tells every process itself after commit
-- (marquee.seat_news, docs/decisions/0027-seat-news-after-commit.md).
CREATE OR REPLACE FUNCTION marquee_notify_seats() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
	v_show uuid;
BEGIN
	IF TG_TABLE_NAME = 'shows' THEN
		v_show := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
	ELSE
		v_show := CASE WHEN TG_OP = 'DELETE' THEN OLD.show_id ELSE NEW.show_id END;
	END IF;
	PERFORM pg_notify('marquee_seats', v_show::text);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS bookings_notify_status ON bookings;
--> statement-breakpoint
CREATE TRIGGER bookings_notify_status AFTER UPDATE OF status ON bookings
	FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status
		AND current_setting('marquee.seat_news', true) IS DISTINCT FROM 'after commit')
	EXECUTE FUNCTION marquee_notify_seats();
--> statement-breakpoint
DROP TRIGGER IF EXISTS shows_notify_change ON shows;
--> statement-breakpoint
CREATE TRIGGER shows_notify_change AFTER UPDATE OR DELETE ON shows
	FOR EACH ROW EXECUTE FUNCTION marquee_notify_seats();
