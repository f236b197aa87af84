-- Screens, seat classes and seat rules (issue 14, CONTRACT §7; docs/decisions/0015-screens.md).
--
-- A screen has a layout (rows of seats and gaps, each seat a class and a kind). A show is on one
-- screen and keeps a snapshot of the layout and a price per class, so editing a screen never
-- changes a map that has been sold from. total_seats and price_paise stay, derived from the
-- snapshot (its seat count and lowest class price), so counts and listings read as before.

-- The spec's map as a layout: rows of 12 lettered A… (AA… past Z), one class. Used to carry the
-- shows made before screens over; the app draws the same map with gridLayout (shared/).
CREATE OR REPLACE FUNCTION marquee_grid_layout(p_total integer, p_class text) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
	SELECT jsonb_build_object('rows', coalesce(jsonb_agg(jsonb_build_object('row', label, 'seats', seats) ORDER BY r), '[]'::jsonb))
	FROM (
		SELECT r,
			CASE WHEN r < 26 THEN chr(65 + r) ELSE chr(64 + r / 26) || chr(65 + r % 26) END AS label,
			(SELECT jsonb_agg(jsonb_build_object(
					'id', CASE WHEN r < 26 THEN chr(65 + r) ELSE chr(64 + r / 26) || chr(65 + r % 26) END || n,
					'class', p_class, 'kind', 'seat') ORDER BY n)
			 FROM generate_series(1, least(12, p_total - r * 12)) AS n) AS seats
		FROM generate_series(0, (p_total - 1) / 12) AS r
	) grid
$$;
--> statement-breakpoint

-- The seats of a layout snapshot with their class and kind, in reading order.
CREATE OR REPLACE FUNCTION marquee_layout_seats(p_layout jsonb)
RETURNS TABLE (seat text, class text, kind text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
	SELECT s.value ->> 'id', s.value ->> 'class', s.value ->> 'kind'
	FROM jsonb_array_elements(p_layout -> 'rows') WITH ORDINALITY AS r(value, ri),
		jsonb_array_elements(r.value -> 'seats') WITH ORDINALITY AS s(value, si)
	WHERE jsonb_typeof(s.value) = 'object'
	ORDER BY r.ri, s.si
$$;
--> statement-breakpoint

CREATE TABLE "screens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"layout" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Names are unique whatever their case: "screen 1" and "Screen 1" are one screen to a person.
CREATE UNIQUE INDEX "screens_name_uq" ON "screens" USING btree (lower("name"));
--> statement-breakpoint
-- The default screen (a payload without `screen` lands here): the spec's A–H × 12, one class.
-- Its id is fixed so every process and every database agrees on it.
INSERT INTO "screens" ("id", "name", "layout")
VALUES ('00000000-0000-4000-8000-000000000001', 'Screen 1', marquee_grid_layout(96, 'Standard'))
ON CONFLICT DO NOTHING;
--> statement-breakpoint

ALTER TABLE "shows"
	ADD COLUMN "screen_id" uuid REFERENCES "screens" ("id"),
	-- The screen's name as it was when the show was made (tickets and emails print it), like the layout.
	ADD COLUMN "screen_name" text,
	ADD COLUMN "layout" jsonb,
	ADD COLUMN "prices" jsonb,
	-- When the screen is free again: start + the film's runtime + CLEANING_MINUTES, fixed when the
	-- show is scheduled (or moved). Null only for shows made before screens existed that overlap
	-- an earlier one: they were allowed then and are not held to the rule now.
	ADD COLUMN "screen_free_at" timestamp with time zone;
--> statement-breakpoint
-- Shows made before screens: on the default screen, their own grid, one class at their price.
UPDATE "shows" SET
	"screen_id" = '00000000-0000-4000-8000-000000000001',
	"screen_name" = 'Screen 1',
	"layout" = marquee_grid_layout("total_seats", 'Standard'),
	"prices" = jsonb_build_object('Standard', "price_paise");
--> statement-breakpoint
-- Runtime read as runtimeMinutes (features/admission) reads it: '148 min', '2h 28m', '148'; an
-- unreadable one counts as 180 minutes. 15 is CLEANING_MINUTES' default.
UPDATE "shows" s SET "screen_free_at" = s."starts_at" + make_interval(mins => 15 + (
	SELECT CASE WHEN v BETWEEN 1 AND 1439 THEN v ELSE 180 END FROM (
		SELECT CASE
			WHEN m."runtime" ~* '[0-9]+\s*h' THEN substring(m."runtime" FROM '(?i)([0-9]+)\s*h')::integer * 60
				+ coalesce(substring(m."runtime" FROM '(?i)([0-9]+)\s*m(?!o)')::integer, 0)
			ELSE coalesce(substring(m."runtime" FROM '([0-9]+)')::integer, 0)
		END AS v
	) parsed))
FROM "movies" m WHERE m."id" = s."movie_id";
--> statement-breakpoint
UPDATE "shows" s SET "screen_free_at" = NULL
WHERE s."status" = 'active' AND EXISTS (
	SELECT 1 FROM "shows" e
	WHERE e."status" = 'active' AND e."screen_id" = s."screen_id"
		AND (e."starts_at", e."id") < (s."starts_at", s."id")
		AND e."starts_at" < s."screen_free_at" AND s."starts_at" < e."screen_free_at"
);
--> statement-breakpoint
ALTER TABLE "shows" ALTER COLUMN "screen_id" SET NOT NULL, ALTER COLUMN "screen_name" SET NOT NULL,
	ALTER COLUMN "layout" SET NOT NULL,
	ALTER COLUMN "prices" SET NOT NULL;
--> statement-breakpoint
CREATE INDEX "shows_screen_idx" ON "shows" USING btree ("screen_id", "starts_at");
--> statement-breakpoint

-- A screen never has two live shows whose times overlap: the database decides, so two staff
-- adding overlapping shows at once cannot both succeed (the second waits for the first to commit,
-- then fails with 23P01). btree_gist lets a GiST index compare the screen's uuid with `=`.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "shows" ADD CONSTRAINT "shows_screen_no_overlap"
	EXCLUDE USING gist ("screen_id" WITH =, tstzrange("starts_at", "screen_free_at") WITH &&)
	WHERE ("status" = 'active' AND "screen_free_at" IS NOT NULL);
--> statement-breakpoint

-- The hold (0003), now against the show's layout snapshot: a seat is valid when the snapshot has
-- it, and the amount is the sum of the seats' class prices. Same signature, so every caller and
-- the lock order stay as they were; p_seat_indexes is no longer read (seat ids are looked up in
-- the snapshot, which is what "on the map" means now).
CREATE OR REPLACE FUNCTION marquee_hold_seats(
	p_booking_id uuid,
	p_show_id uuid,
	p_user_id text,
	p_seats text[],
	p_seat_indexes integer[],
	p_now timestamptz,
	p_expires_at timestamptz,
	p_payment_id uuid,
	p_gateway text,
	p_gateway_ref text,
	p_payment_url text,
	p_max_unpaid integer,
	p_max_per_show integer
) RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
	v_show shows%ROWTYPE;
	v_invalid text;
	v_amount integer;
	v_released jsonb;
	v_waiting record;
	v_unpaid integer;
	v_detail text;
	v_taken jsonb;
BEGIN
	SELECT * INTO v_show FROM shows WHERE id = p_show_id FOR KEY SHARE;
	IF NOT FOUND THEN
		RETURN jsonb_build_object('refused', 404, 'message', 'Show not found');
	END IF;
	IF v_show.status <> 'active' THEN
		RETURN jsonb_build_object('refused', 400, 'message', 'This show has been cancelled');
	END IF;
	IF v_show.starts_at <= p_now THEN
		RETURN jsonb_build_object('refused', 400, 'message', 'This show has already started');
	END IF;
	SELECT string_agg(s.seat, ', ' ORDER BY s.position) INTO v_invalid
	FROM unnest(p_seats) WITH ORDINALITY AS s(seat, position)
	WHERE NOT EXISTS (SELECT 1 FROM marquee_layout_seats(v_show.layout) l WHERE l.seat = s.seat);
	IF v_invalid IS NOT NULL THEN
		RETURN jsonb_build_object('refused', 400, 'message',
			CASE WHEN position(',' IN v_invalid) > 0 THEN 'Invalid seats: ' ELSE 'Invalid seat: ' END || v_invalid);
	END IF;

	-- Holding limits, decided under the account's lock.
	PERFORM 1 FROM users WHERE id = p_user_id FOR NO KEY UPDATE;
	SELECT b.id, p.payment_url, count(*) OVER () AS waiting INTO v_waiting
	FROM bookings b LEFT JOIN payments p ON p.booking_id = b.id AND p.status = 'open'
	WHERE b.user_id = p_user_id AND b.show_id = p_show_id AND b.status = 'pending' AND b.expires_at > p_now
	ORDER BY b.created_at DESC
	LIMIT 1;
	IF FOUND AND v_waiting.waiting >= p_max_per_show THEN
		RETURN jsonb_build_object('waiting', true, 'bookingId', v_waiting.id, 'url', v_waiting.payment_url);
	END IF;
	SELECT count(*) INTO v_unpaid FROM bookings
	WHERE user_id = p_user_id AND status = 'pending' AND expires_at > p_now;
	IF v_unpaid >= p_max_unpaid THEN
		RETURN jsonb_build_object('capped', true, 'unpaid', v_unpaid);
	END IF;

	-- A lapsed hold never blocks a buyer, even before the sweep has run.
	v_released := marquee_release_lapsed(p_now, p_show_id);

	-- The sum of the seats' class prices (paise); a class without a price is a broken show, and
	-- the null amount then fails the insert rather than selling seats for nothing.
	SELECT sum((v_show.prices ->> l.class)::integer) INTO v_amount
	FROM marquee_layout_seats(v_show.layout) l WHERE l.seat = ANY (p_seats);
	BEGIN
		INSERT INTO bookings (id, user_id, show_id, seats, amount_paise, status, expires_at, created_at, updated_at)
		VALUES (p_booking_id, p_user_id, p_show_id, p_seats, v_amount, 'pending', p_expires_at, p_now, p_now);
		-- Claims go in the order of p_seats (the app sorts them), the order every claimer uses.
		INSERT INTO booking_seats (booking_id, show_id, seat)
		SELECT p_booking_id, p_show_id, seat FROM unnest(p_seats) WITH ORDINALITY AS s(seat, position)
		ORDER BY position;
	EXCEPTION WHEN unique_violation THEN
		-- Only the claims' index can refuse here; the booking insert is undone with the block.
		GET STACKED DIAGNOSTICS v_detail = PG_EXCEPTION_DETAIL;
		SELECT coalesce(jsonb_agg(DISTINCT bs.seat), '[]'::jsonb) INTO v_taken
		FROM booking_seats bs JOIN bookings b ON b.id = bs.booking_id
		WHERE bs.show_id = p_show_id AND bs.seat = ANY (p_seats)
			AND marquee_blocks_seat(bs.is_live, b.status, b.expires_at, p_now);
		RETURN jsonb_build_object('conflict', true, 'taken', v_taken, 'detail', v_detail,
			'lapsed', v_released -> 'checkouts');
	END;
	IF p_gateway_ref IS NOT NULL THEN
		INSERT INTO payments (id, booking_id, gateway, gateway_ref, amount_paise, payment_url, created_at, updated_at)
		VALUES (p_payment_id, p_booking_id, p_gateway, p_gateway_ref, v_amount, p_payment_url, p_now, p_now);
	END IF;

	RETURN jsonb_build_object(
		'ok', true,
		'amountPaise', v_amount,
		'movieId', v_show.movie_id,
		'startsAt', v_show.starts_at,
		'pricePaise', v_show.price_paise,
		'totalSeats', v_show.total_seats,
		'screenId', v_show.screen_id,
		'screenName', v_show.screen_name,
		'prices', v_show.prices,
		'lapsed', v_released -> 'checkouts'
	);
END;
$$;
