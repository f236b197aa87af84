-- Films and screens can be retired (issue 25, CONTRACT §3 and §7). A retired film is hidden from
-- buyers and takes no new shows or bookings; a retired screen takes no new shows. What was sold
-- stays valid: shows and bookings made before are untouched.
ALTER TABLE "movies" ADD COLUMN "active" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "screens" ADD COLUMN "active" boolean DEFAULT true NOT NULL;
--> statement-breakpoint

-- The database has the last word, as it has on overlaps: a show is made (or moved to another
-- film or screen) only for an active film on an active screen. FOR SHARE waits for a retirement
-- under way (it updates the row) and then reads what it committed, so a show and a retirement
-- racing each other cannot both succeed. SQLSTATE MQ409 is a refusal in words: the app answers
-- 409 with the message.
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
CREATE TRIGGER "shows_need_active" BEFORE INSERT OR UPDATE OF "movie_id", "screen_id" ON "shows"
FOR EACH ROW EXECUTE FUNCTION marquee_show_needs_active();
--> statement-breakpoint

-- No new booking for a retired film. A hold locks its show KEY SHARE before it inserts the
-- booking, and a retirement locks the film's shows FOR UPDATE in its transaction, so a hold
-- either commits first or runs after the retirement and reads it here.
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
CREATE TRIGGER "bookings_need_active_movie" BEFORE INSERT ON "bookings"
FOR EACH ROW EXECUTE FUNCTION marquee_booking_needs_active_movie();
