-- Holding seats in one round trip: the statement is the transaction (docs/decisions/0002-seat-guard.md,
-- 0007-hold-in-one-call.md, 0009-lock-order.md, 0017-rules-confirmed-by-the-hold.md). Called by
-- features/bookings/hold-seats.ts.
--
-- In order: the show is locked KEY SHARE (staff edits wait) and must be active and not started;
-- every seat must be on the show's layout snapshot (show_seats, one index probe a seat: the hold
-- costs the same on any size of screen, issue 35); the holding limits are decided under the
-- account's lock (FOR NO KEY UPDATE, taken after the show's, so two holds by one account queue
-- and see each other's booking), both counted in one pass over the account's pending bookings;
-- lapsed holds on the show, if any, are released (marquee_release_lapsed);
-- the app's seat-rule decision is confirmed (below); the booking and its seat claims are inserted,
-- and the partial unique index booking_seats_live_uq refuses a seat someone else holds. The amount
-- is the sum of the seats' class prices in paise. Seat-change NOTIFYs come from the triggers
-- (marquee_notify_seat_claims.sql: one per statement and show), the booking's reference from the
-- column's default.
--
-- Food and drink (p_items, CONTRACT §12) is claimed in the same statement, after the seats
-- (marquee_claim_items): every product the hold may touch (its own, and those the lapsed holds it
-- releases give back) is locked first, in id order, before the release, so the hold locks products
-- in one ordered pass (docs/decisions/0022-stock-is-a-claim.md). The amount is seats plus items.
--
-- The app decides the seat rules of a layout (held-back seats, the single-seat rule) against what
-- it last knew of the show and sends that knowledge with the hold: the show's row version and, of
-- the seats the decision rests on (p_watch), those it took as blocked (p_blocked). Under the
-- show's lock the hold compares both with the database; when they differ it changes nothing and
-- answers 'stale' with the show's version and every blocked seat, and the app decides again on
-- that. p_watch null skips the comparison (best available decides under its own lock). Either way,
-- a seat asked for that is blocked now is answered 'conflict' before anything is inserted: in a
-- rush most holds end so (issue 35), and each used to cost an insert undone, and with the rules a
-- second round trip. The claims' index still decides between holds running at the same time.
--
-- p_tell_after_commit: the caller tells every process of the show's seats itself once this
-- statement has committed (features/seats/seat-map-cache.ts, changed), so the seat triggers leave
-- NOTIFY out of this transaction (marquee.seat_news, read by their WHEN clauses). A transaction
-- that NOTIFYs holds PostgreSQL's notification queue lock until its commit is flushed, so every
-- such commit waits for the one before it; the online hold, the busiest write, commits without one
-- (docs/decisions/0027-seat-news-after-commit.md). Only the transaction's own writes are affected.
--
-- The function's statements keep one generic plan each (plan_cache_mode): PostgreSQL otherwise
-- plans most of them afresh on every call, guessing a generic plan dearer than the custom ones
-- for want of knowing how many seats an array holds (issue 35: planning was a sixth of the cost).
--
-- Every outcome is answered as jsonb, never raised: a failed statement makes the connection pool
-- throw its connection away, and a rush of refused buyers would then open one per refusal.
--   {"ok": true, "reference": ..., "amountPaise": ..., ...}   the hold
--   {"refused": 400|404, "message": ...}                       the buyer's mistake, in plain words
--   {"waiting": true, ...} / {"capped": true, ...}             a holding limit
--   {"stale": true, "version": ..., "blocked": [...]}          decide the seat rules again
--   {"conflict": true, "taken": [...]}                         seats held or sold by someone else
--   {"short": true, "message": "Only 2 Popcorn left"}          not enough of an item left
-- Once past the holding limits, every answer also says whether lapsed holds on the show were
-- released on the way ("released") and the open checkouts they left ("lapsed"), to be closed.
CREATE OR REPLACE FUNCTION marquee_hold_seats(
	p_booking_id uuid,
	p_show_id uuid,
	p_user_id text,
	p_seats text[],
	p_now timestamptz,
	p_expires_at timestamptz,
	p_payment_id uuid,
	p_gateway text,
	p_gateway_ref text,
	p_payment_url text,
	p_max_unpaid integer,
	p_max_per_show integer,
	p_show_version text,
	p_watch text[],
	p_blocked text[],
	p_items jsonb DEFAULT NULL,
	p_tell_after_commit boolean DEFAULT false
) RETURNS jsonb
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
	v_show record;
	v_invalid text;
	v_amount integer;
	v_released jsonb;
	v_limits record;
	v_url text;
	v_detail text;
	v_taken jsonb;
	v_watched text[];
	v_reference text;
	v_tax_rates jsonb;
	v_seat_prices jsonb;
	v_items_paise integer := 0;
	v_lapsed boolean;
	v_with_items boolean := p_items IS NOT NULL AND jsonb_typeof(p_items) = 'array' AND jsonb_array_length(p_items) > 0;
BEGIN
	IF p_tell_after_commit THEN
		PERFORM set_config('marquee.seat_news', 'after commit', true);
	END IF;
	-- Not the layout: a large jsonb, read in full whenever it is selected (show_seats answers for it).
	SELECT s.status, s.starts_at, s.movie_id, s.price_paise, s.total_seats, s.screen_id, s.screen_name,
		s.prices, s.language, s.format, s.xmin::text AS version
	INTO v_show FROM shows s WHERE s.id = p_show_id FOR KEY SHARE;
	IF NOT FOUND THEN
		RETURN jsonb_build_object('refused', 404, 'message', 'Show not found');
	END IF;
	IF v_show.status <> 'active' THEN
		RETURN jsonb_build_object('refused', 400, 'message', 'This show has been cancelled');
	END IF;
	IF v_show.starts_at <= p_now THEN
		RETURN jsonb_build_object('refused', 400, 'message', 'This show has already started');
	END IF;
	-- A seat is on the map when show_seats has it: the class is a scalar subquery, one primary-key
	-- probe per seat, never a scan of the show's seats. The amount is the sum of the seats' class
	-- prices (paise); a class without a price is a broken show, and the null amount then fails the
	-- insert rather than selling seats for nothing. Each seat's price is answered too: the app
	-- works the answer's GST out from them (bookings/queries.ts, heldGst) without reading the layout.
	SELECT string_agg(c.seat, ', ' ORDER BY c.position) FILTER (WHERE c.class IS NULL),
		sum((v_show.prices ->> c.class)::integer),
		jsonb_object_agg(c.seat, (v_show.prices ->> c.class)::integer) FILTER (WHERE c.class IS NOT NULL)
	INTO v_invalid, v_amount, v_seat_prices
	FROM (
		SELECT s.seat, s.position,
			(SELECT ss.class FROM show_seats ss WHERE ss.show_id = p_show_id AND ss.seat = s.seat) AS class
		FROM unnest(p_seats) WITH ORDINALITY AS s(seat, position)
	) c;
	IF v_invalid IS NOT NULL THEN
		RETURN jsonb_build_object('refused', 400, 'message',
			CASE WHEN position(',' IN v_invalid) > 0 THEN 'Invalid seats: ' ELSE 'Invalid seat: ' END || v_invalid);
	END IF;

	-- Holding limits, decided under the account's lock.
	PERFORM 1 FROM users WHERE id = p_user_id FOR NO KEY UPDATE;
	SELECT count(*) FILTER (WHERE b.show_id = p_show_id) AS on_show, count(*) AS unpaid,
		(array_agg(b.id ORDER BY b.created_at DESC) FILTER (WHERE b.show_id = p_show_id))[1] AS newest
	INTO v_limits
	FROM bookings b
	WHERE b.user_id = p_user_id AND b.status = 'pending' AND b.expires_at > p_now;
	IF v_limits.on_show > 0 AND v_limits.on_show >= p_max_per_show THEN
		SELECT p.payment_url INTO v_url FROM payments p WHERE p.booking_id = v_limits.newest AND p.status = 'open' LIMIT 1;
		RETURN jsonb_build_object('waiting', true, 'bookingId', v_limits.newest, 'url', v_url);
	END IF;
	IF v_limits.unpaid >= p_max_unpaid THEN
		RETURN jsonb_build_object('capped', true, 'unpaid', v_limits.unpaid);
	END IF;

	-- Lapsed holds on the show (usually none: the sweep releases them too) are released below; the
	-- products this statement may claim or give back are locked first, in id order, before any of it.
	v_lapsed := EXISTS (
		SELECT 1 FROM bookings WHERE show_id = p_show_id AND status = 'pending' AND expires_at <= p_now);
	IF v_with_items THEN
		PERFORM 1 FROM products WHERE id IN (
			SELECT i."productId" FROM jsonb_to_recordset(p_items) AS i("productId" uuid, quantity integer)
			UNION
			SELECT bi.product_id FROM booking_items bi JOIN bookings b ON b.id = bi.booking_id
			WHERE v_lapsed AND b.show_id = p_show_id AND b.status = 'pending' AND b.expires_at <= p_now AND bi.is_live)
		ORDER BY id FOR NO KEY UPDATE;
		SELECT coalesce(sum(p.price_paise * i.quantity), 0) INTO v_items_paise
		FROM jsonb_to_recordset(p_items) AS i("productId" uuid, quantity integer)
		JOIN products p ON p.id = i."productId";
	ELSIF v_lapsed THEN
		PERFORM 1 FROM products WHERE id IN (
			SELECT bi.product_id FROM booking_items bi JOIN bookings b ON b.id = bi.booking_id
			WHERE b.show_id = p_show_id AND b.status = 'pending' AND b.expires_at <= p_now AND bi.is_live)
		ORDER BY id FOR NO KEY UPDATE;
	END IF;

	-- A lapsed hold never blocks a buyer, even before the sweep has run.
	IF v_lapsed THEN
		v_released := marquee_release_lapsed(p_now, p_show_id);
	ELSE
		v_released := jsonb_build_object('checkouts', '[]'::jsonb);
	END IF;

	-- The seats asked for (and, when the seat rules were decided, the seats they rest on) that are
	-- blocked now. A seat asked for that is blocked is refused as taken at once, whatever else
	-- changed: deciding the rules again could only send it back, to be refused by the claims' index
	-- after an insert undone. The index still decides between holds that run at the same time.
	SELECT coalesce(array_agg(bs.seat), '{}') INTO v_watched
	FROM booking_seats bs JOIN bookings b ON b.id = bs.booking_id
	WHERE bs.show_id = p_show_id AND bs.seat = ANY (coalesce(p_watch, p_seats))
		AND marquee_blocks_seat(bs.is_live, b.status, b.expires_at, p_now);
	IF v_watched && p_seats THEN
		RETURN jsonb_build_object('conflict', true,
			'taken', to_jsonb(ARRAY(SELECT unnest(p_seats) INTERSECT SELECT unnest(v_watched))),
			'detail', NULL, 'lapsed', v_released -> 'checkouts', 'released', v_lapsed);
	END IF;
	-- Were the seat rules decided on the state of now?
	IF p_watch IS NOT NULL AND (v_show.version IS DISTINCT FROM p_show_version
		OR NOT (v_watched @> coalesce(p_blocked, '{}') AND coalesce(p_blocked, '{}') @> v_watched)) THEN
		SELECT coalesce(jsonb_agg(bs.seat), '[]'::jsonb) INTO v_taken
		FROM booking_seats bs JOIN bookings b ON b.id = bs.booking_id
		WHERE bs.show_id = p_show_id AND marquee_blocks_seat(bs.is_live, b.status, b.expires_at, p_now);
		RETURN jsonb_build_object('stale', true, 'version', v_show.version, 'blocked', v_taken,
			'lapsed', v_released -> 'checkouts', 'released', v_lapsed);
	END IF;

	v_amount := v_amount + v_items_paise;
	BEGIN
		INSERT INTO bookings (id, user_id, show_id, seats, amount_paise, status, expires_at, created_at, updated_at)
		VALUES (p_booking_id, p_user_id, p_show_id, p_seats, v_amount, 'pending', p_expires_at, p_now, p_now)
		RETURNING reference, tax_rates INTO v_reference, v_tax_rates;
		-- Claims go in the order of p_seats (the app sorts them), the order every claimer uses.
		INSERT INTO booking_seats (booking_id, show_id, seat)
		SELECT p_booking_id, p_show_id, seat FROM unnest(p_seats) WITH ORDINALITY AS s(seat, position)
		ORDER BY position;
		-- The items, after the seats: a refusal raised here undoes the booking and its seats too. (A
		-- new booking has no items of its own to claim again: without p_items there is nothing to do.)
		IF v_with_items AND marquee_claim_items(p_booking_id, p_items, p_now) <> v_items_paise THEN
			RAISE EXCEPTION 'the items were priced twice differently';
		END IF;
	EXCEPTION WHEN SQLSTATE 'MQ409' THEN
		RETURN jsonb_build_object('short', true, 'message', SQLERRM,
			'lapsed', v_released -> 'checkouts', 'released', v_lapsed);
	WHEN SQLSTATE 'MQ400' THEN
		RETURN jsonb_build_object('refused', 400, 'message', SQLERRM,
			'lapsed', v_released -> 'checkouts', 'released', v_lapsed);
	WHEN unique_violation THEN
		-- Only the claims' index can refuse here; the booking insert is undone with the block.
		GET STACKED DIAGNOSTICS v_detail = PG_EXCEPTION_DETAIL;
		SELECT coalesce(jsonb_agg(DISTINCT bs.seat), '[]'::jsonb) INTO v_taken
		FROM booking_seats bs JOIN bookings b ON b.id = bs.booking_id
		WHERE bs.show_id = p_show_id AND bs.seat = ANY (p_seats)
			AND marquee_blocks_seat(bs.is_live, b.status, b.expires_at, p_now);
		RETURN jsonb_build_object('conflict', true, 'taken', v_taken, 'detail', v_detail,
			'lapsed', v_released -> 'checkouts', 'released', v_lapsed);
	END;
	IF p_gateway_ref IS NOT NULL THEN
		INSERT INTO payments (id, booking_id, gateway, gateway_ref, amount_paise, payment_url, created_at, updated_at)
		VALUES (p_payment_id, p_booking_id, p_gateway, p_gateway_ref, v_amount, p_payment_url, p_now, p_now);
	END IF;

	RETURN jsonb_build_object(
		'ok', true,
		'reference', v_reference,
		'amountPaise', v_amount,
		'seatPrices', v_seat_prices,
		'taxRates', v_tax_rates,
		'movieId', v_show.movie_id,
		'startsAt', v_show.starts_at,
		'pricePaise', v_show.price_paise,
		'totalSeats', v_show.total_seats,
		'screenId', v_show.screen_id,
		'screenName', v_show.screen_name,
		'prices', v_show.prices,
		'language', v_show.language,
		'format', v_show.format,
		'lapsed', v_released -> 'checkouts', 'released', v_lapsed
	);
END;
$$;
