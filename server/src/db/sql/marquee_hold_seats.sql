-- Holding seats in one round trip: the statement is the transaction (docs/decisions/0002-seat-guard.md,
-- 0007-hold-in-one-call.md, 0009-lock-order.md, 0017-rules-confirmed-by-the-hold.md). Called by
-- features/bookings/hold-seats.ts.
--
-- In order: the show is locked KEY SHARE (staff edits wait) and must be active and not started;
-- every seat must be on the show's layout snapshot; the holding limits are decided under the
-- account's lock (FOR NO KEY UPDATE, taken after the show's, so two holds by one account queue
-- and see each other's booking); lapsed holds on the show are released (marquee_release_lapsed);
-- the app's seat-rule decision is confirmed (below); the booking and its seat claims are inserted,
-- and the partial unique index booking_seats_live_uq refuses a seat someone else holds. The amount
-- is the sum of the seats' class prices in paise. Seat-change NOTIFYs come from the triggers
-- (marquee_notify_seats.sql), the booking's reference from the column's default.
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
-- that. p_watch null skips the comparison (best available decides under its own lock).
--
-- Every outcome is answered as jsonb, never raised: a failed statement makes the connection pool
-- throw its connection away, and a rush of refused buyers would then open one per refusal.
--   {"ok": true, "reference": ..., "amountPaise": ..., ...}   the hold
--   {"refused": 400|404, "message": ...}                       the buyer's mistake, in plain words
--   {"waiting": true, ...} / {"capped": true, ...}             a holding limit
--   {"stale": true, "version": ..., "blocked": [...]}          decide the seat rules again
--   {"conflict": true, "taken": [...]}                         seats held or sold by someone else
--   {"short": true, "message": "Only 2 Popcorn left"}          not enough of an item left
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
	p_items jsonb DEFAULT NULL
) RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
	v_show record;
	v_invalid text;
	v_amount integer;
	v_released jsonb;
	v_waiting record;
	v_unpaid integer;
	v_detail text;
	v_taken jsonb;
	v_watched text[];
	v_reference text;
	v_items_paise integer := 0;
BEGIN
	SELECT s.*, s.xmin::text AS version INTO v_show FROM shows s WHERE s.id = p_show_id FOR KEY SHARE;
	IF NOT FOUND THEN
		RETURN jsonb_build_object('refused', 404, 'message', 'Show not found');
	END IF;
	IF v_show.status <> 'active' THEN
		RETURN jsonb_build_object('refused', 400, 'message', 'This show has been cancelled');
	END IF;
	IF v_show.starts_at <= p_now THEN
		RETURN jsonb_build_object('refused', 400, 'message', 'This show has already started');
	END IF;
	-- A seat is on the map when some row of the snapshot has a seat with its id (jsonb containment:
	-- on PGlite a third of the cost of expanding every seat of the layout).
	SELECT string_agg(s.seat, ', ' ORDER BY s.position) INTO v_invalid
	FROM unnest(p_seats) WITH ORDINALITY AS s(seat, position)
	WHERE NOT v_show.layout @> jsonb_build_object('rows', jsonb_build_array(
		jsonb_build_object('seats', jsonb_build_array(jsonb_build_object('id', s.seat)))));
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

	-- The products this statement may claim or give back, locked in id order before any of it.
	IF p_items IS NOT NULL AND jsonb_typeof(p_items) = 'array' AND jsonb_array_length(p_items) > 0 THEN
		PERFORM 1 FROM products WHERE id IN (
			SELECT i."productId" FROM jsonb_to_recordset(p_items) AS i("productId" uuid, quantity integer)
			UNION
			SELECT bi.product_id FROM booking_items bi JOIN bookings b ON b.id = bi.booking_id
			WHERE b.show_id = p_show_id AND b.status = 'pending' AND b.expires_at <= p_now AND bi.is_live)
		ORDER BY id FOR NO KEY UPDATE;
		SELECT coalesce(sum(p.price_paise * i.quantity), 0) INTO v_items_paise
		FROM jsonb_to_recordset(p_items) AS i("productId" uuid, quantity integer)
		JOIN products p ON p.id = i."productId";
	ELSE
		PERFORM 1 FROM products WHERE id IN (
			SELECT bi.product_id FROM booking_items bi JOIN bookings b ON b.id = bi.booking_id
			WHERE b.show_id = p_show_id AND b.status = 'pending' AND b.expires_at <= p_now AND bi.is_live)
		ORDER BY id FOR NO KEY UPDATE;
	END IF;

	-- A lapsed hold never blocks a buyer, even before the sweep has run.
	v_released := marquee_release_lapsed(p_now, p_show_id);

	-- Were the seat rules decided on the state of now?
	IF p_watch IS NOT NULL THEN
		SELECT coalesce(array_agg(bs.seat), '{}') INTO v_watched
		FROM booking_seats bs JOIN bookings b ON b.id = bs.booking_id
		WHERE bs.show_id = p_show_id AND bs.seat = ANY (p_watch)
			AND marquee_blocks_seat(bs.is_live, b.status, b.expires_at, p_now);
		IF v_show.version IS DISTINCT FROM p_show_version
			OR NOT (v_watched @> coalesce(p_blocked, '{}') AND coalesce(p_blocked, '{}') @> v_watched) THEN
			SELECT coalesce(jsonb_agg(bs.seat), '[]'::jsonb) INTO v_taken
			FROM booking_seats bs JOIN bookings b ON b.id = bs.booking_id
			WHERE bs.show_id = p_show_id AND marquee_blocks_seat(bs.is_live, b.status, b.expires_at, p_now);
			RETURN jsonb_build_object('stale', true, 'version', v_show.version, 'blocked', v_taken,
				'lapsed', v_released -> 'checkouts');
		END IF;
	END IF;

	-- The sum of the seats' class prices (paise); a class without a price is a broken show, and
	-- the null amount then fails the insert rather than selling seats for nothing.
	SELECT sum((v_show.prices ->> (seat.value ->> 'class'))::integer) INTO v_amount
	FROM jsonb_array_elements(v_show.layout -> 'rows') AS r(value),
		jsonb_array_elements(r.value -> 'seats') AS seat(value)
	WHERE jsonb_typeof(seat.value) = 'object' AND seat.value ->> 'id' = ANY (p_seats);
	v_amount := v_amount + v_items_paise;
	BEGIN
		INSERT INTO bookings (id, user_id, show_id, seats, amount_paise, status, expires_at, created_at, updated_at)
		VALUES (p_booking_id, p_user_id, p_show_id, p_seats, v_amount, 'pending', p_expires_at, p_now, p_now)
		RETURNING reference INTO v_reference;
		-- Claims go in the order of p_seats (the app sorts them), the order every claimer uses.
		INSERT INTO booking_seats (booking_id, show_id, seat)
		SELECT p_booking_id, p_show_id, seat FROM unnest(p_seats) WITH ORDINALITY AS s(seat, position)
		ORDER BY position;
		-- The items, after the seats: a refusal raised here undoes the booking and its seats too.
		IF marquee_claim_items(p_booking_id, p_items, p_now) <> v_items_paise THEN
			RAISE EXCEPTION 'the items were priced twice differently';
		END IF;
	EXCEPTION WHEN SQLSTATE 'MQ409' THEN
		RETURN jsonb_build_object('short', true, 'message', SQLERRM, 'lapsed', v_released -> 'checkouts');
	WHEN SQLSTATE 'MQ400' THEN
		RETURN jsonb_build_object('refused', 400, 'message', SQLERRM, 'lapsed', v_released -> 'checkouts');
	WHEN unique_violation THEN
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
		'reference', v_reference,
		'amountPaise', v_amount,
		'movieId', v_show.movie_id,
		'startsAt', v_show.starts_at,
		'pricePaise', v_show.price_paise,
		'totalSeats', v_show.total_seats,
		'screenId', v_show.screen_id,
		'screenName', v_show.screen_name,
		'prices', v_show.prices,
		'language', v_show.language,
		'format', v_show.format,
		'lapsed', v_released -> 'checkouts'
	);
END;
$$;
