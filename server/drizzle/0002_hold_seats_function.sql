-- Holding seats in one round trip (see docs/decisions/0002-seat-guard.md and 0007-hold-in-one-call.md).
-- The statement is the transaction: the show is locked KEY SHARE (staff edits wait), lapsed holds on
-- the show are released, the booking and its seat claims are inserted, and the partial unique index
-- booking_seats_live_uq refuses a seat someone else holds (23505, all of it rolled back). Errors the
-- buyer caused carry SQLSTATE MQ400 or MQ404 and a message in plain words.
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
	p_payment_url text
) RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
	v_show shows%ROWTYPE;
	v_invalid text;
	v_amount integer;
	v_released uuid[];
	v_lapsed jsonb := '[]'::jsonb;
BEGIN
	SELECT * INTO v_show FROM shows WHERE id = p_show_id FOR KEY SHARE;
	IF NOT FOUND THEN
		RAISE EXCEPTION USING ERRCODE = 'MQ404', MESSAGE = 'Show not found';
	END IF;
	IF v_show.status <> 'active' THEN
		RAISE EXCEPTION USING ERRCODE = 'MQ400', MESSAGE = 'This show has been cancelled';
	END IF;
	IF v_show.starts_at <= p_now THEN
		RAISE EXCEPTION USING ERRCODE = 'MQ400', MESSAGE = 'This show has already started';
	END IF;
	SELECT string_agg(seat, ', ' ORDER BY position) INTO v_invalid
	FROM unnest(p_seats, p_seat_indexes) WITH ORDINALITY AS s(seat, seat_index, position)
	WHERE seat_index < 0 OR seat_index >= v_show.total_seats;
	IF v_invalid IS NOT NULL THEN
		RAISE EXCEPTION USING ERRCODE = 'MQ400',
			MESSAGE = CASE WHEN position(',' IN v_invalid) > 0 THEN 'Invalid seats: ' ELSE 'Invalid seat: ' END || v_invalid;
	END IF;

	-- A lapsed hold never blocks a buyer, even before the sweep has run.
	WITH lapsed AS (
		UPDATE bookings SET status = 'expired', expired_at = p_now, updated_at = p_now
		WHERE show_id = p_show_id AND status = 'pending' AND expires_at <= p_now
		RETURNING id
	)
	SELECT array_agg(id) INTO v_released FROM lapsed;
	IF v_released IS NOT NULL THEN
		UPDATE booking_seats SET is_live = false WHERE booking_id = ANY (v_released);
		WITH closed AS (
			UPDATE payments SET status = 'expired', updated_at = p_now
			WHERE booking_id = ANY (v_released) AND status = 'open'
			RETURNING gateway, gateway_ref
		)
		SELECT coalesce(jsonb_agg(jsonb_build_object('gateway', gateway, 'ref', gateway_ref)), '[]'::jsonb)
		INTO v_lapsed FROM closed;
	END IF;

	v_amount := v_show.price_paise * cardinality(p_seats);
	INSERT INTO bookings (id, user_id, show_id, seats, amount_paise, status, expires_at, created_at, updated_at)
	VALUES (p_booking_id, p_user_id, p_show_id, p_seats, v_amount, 'pending', p_expires_at, p_now, p_now);
	INSERT INTO booking_seats (booking_id, show_id, seat)
	SELECT p_booking_id, p_show_id, seat FROM unnest(p_seats) AS seat;
	IF p_gateway_ref IS NOT NULL THEN
		INSERT INTO payments (id, booking_id, gateway, gateway_ref, amount_paise, payment_url, created_at, updated_at)
		VALUES (p_payment_id, p_booking_id, p_gateway, p_gateway_ref, v_amount, p_payment_url, p_now, p_now);
	END IF;
	PERFORM pg_notify('marquee_seats', p_show_id::text);

	RETURN jsonb_build_object(
		'amountPaise', v_amount,
		'movieId', v_show.movie_id,
		'startsAt', v_show.starts_at,
		'pricePaise', v_show.price_paise,
		'totalSeats', v_show.total_seats,
		'lapsed', v_lapsed
	);
END;
$$;
