-- No new booking for a retired film (CONTRACT §3). A hold locks its show KEY SHARE before it
-- inserts the booking, and a retirement locks the film's shows FOR UPDATE in its transaction, so a
-- hold either commits first or runs after the retirement and reads it here (SQLSTATE MQ409: the
-- app answers 409 with the message).
CREATE OR REPLACE FUNCTION marquee_booking_needs_active_movie() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
	IF EXISTS (
		SELECT 1 FROM shows s JOIN movies m ON m.id = s.movie_id WHERE s.id = NEW.show_id AND NOT m.active
	) THEN
		RAISE EXCEPTION 'This movie is no longer showing: it cannot be booked' USING ERRCODE = 'MQ409';
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS bookings_need_active_movie ON bookings;
--> statement-breakpoint
CREATE TRIGGER bookings_need_active_movie BEFORE INSERT ON bookings
	FOR EACH ROW EXECUTE FUNCTION marquee_booking_needs_active_movie();
