-- Seat claims changed by a statement NOTIFY marquee_seats once per show, not once per seat (issue
-- 35; the rest of the seat notifications: marquee_notify_seats.sql). From the statement's transition
-- tables: the rows it inserted, or those whose is_live it changed (the only column ever updated).
-- Not in a transaction whose caller tells every process itself after commit (marquee.seat_news,
-- set by marquee_hold_seats.sql; docs/decisions/0027-seat-news-after-commit.md).
CREATE OR REPLACE FUNCTION marquee_notify_seat_claims() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM pg_notify('marquee_seats', c.show_id::text) FROM (SELECT DISTINCT show_id FROM new_claims) c;
	ELSE
		PERFORM pg_notify('marquee_seats', c.show_id::text) FROM (
			SELECT DISTINCT n.show_id FROM new_claims n
			LEFT JOIN old_claims o USING (booking_id, show_id, seat)
			WHERE o.is_live IS DISTINCT FROM n.is_live) c;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS booking_seats_notify_insert ON booking_seats;
--> statement-breakpoint
CREATE TRIGGER booking_seats_notify_insert AFTER INSERT ON booking_seats
	REFERENCING NEW TABLE AS new_claims
	FOR EACH STATEMENT WHEN (current_setting('marquee.seat_news', true) IS DISTINCT FROM 'after commit')
	EXECUTE FUNCTION marquee_notify_seat_claims();
--> statement-breakpoint
DROP TRIGGER IF EXISTS booking_seats_notify_update ON booking_seats;
--> statement-breakpoint
CREATE TRIGGER booking_seats_notify_update AFTER UPDATE ON booking_seats
	REFERENCING OLD TABLE AS old_claims NEW TABLE AS new_claims
	FOR EACH STATEMENT WHEN (current_setting('marquee.seat_news', true) IS DISTINCT FROM 'after commit')
	EXECUTE FUNCTION marquee_notify_seat_claims();
