-- Releases every pending booking whose window has passed (of one show, or all): expired, seats
-- freed, open checkouts closed in the database and returned for the app to close at their gateway.
-- Rows another transaction holds are skipped (SKIP LOCKED): whoever holds them (a payment, a
-- cancel) settles them, and a sweep never waits on a booking, so it cannot join a deadlock
-- (docs/decisions/0009-lock-order.md). Called by the hold on its show and by the expiry sweep
-- (features/bookings/release-expired.ts) on all of them.
CREATE OR REPLACE FUNCTION marquee_release_lapsed(p_now timestamptz, p_show_id uuid DEFAULT NULL)
RETURNS jsonb
LANGUAGE plpgsql
-- One generic plan per statement, as the hold's (marquee_hold_seats.sql).
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
	v_ids uuid[];
	v_shows uuid[];
	v_checkouts jsonb;
BEGIN
	-- Two statements, not one with "p_show_id IS NULL OR": each has one plan, on its own index, that
	-- serves every call (one statement's generic plan scanned every show's lapsed entries).
	IF p_show_id IS NULL THEN
		SELECT array_agg(id) INTO v_ids FROM (
			SELECT id FROM bookings
			WHERE status = 'pending' AND expires_at <= p_now
			ORDER BY id
			FOR UPDATE SKIP LOCKED
		) lapsed;
	ELSE
		SELECT array_agg(id) INTO v_ids FROM (
			SELECT id FROM bookings
			WHERE status = 'pending' AND show_id = p_show_id AND expires_at <= p_now
			ORDER BY id
			FOR UPDATE SKIP LOCKED
		) lapsed;
	END IF;
	IF v_ids IS NULL THEN
		RETURN jsonb_build_object('bookingIds', '[]'::jsonb, 'showIds', '[]'::jsonb, 'checkouts', '[]'::jsonb);
	END IF;
	WITH expired AS (
		UPDATE bookings SET status = 'expired', expired_at = p_now, updated_at = p_now
		WHERE id = ANY (v_ids)
		RETURNING show_id
	)
	SELECT array_agg(DISTINCT show_id) INTO v_shows FROM expired;
	UPDATE booking_seats SET is_live = false WHERE booking_id = ANY (v_ids) AND is_live;
	WITH closed AS (
		UPDATE payments SET status = 'expired', updated_at = p_now
		WHERE booking_id = ANY (v_ids) AND status = 'open'
		RETURNING gateway, gateway_ref
	)
	SELECT coalesce(jsonb_agg(jsonb_build_object('gateway', gateway, 'ref', gateway_ref)), '[]'::jsonb)
	INTO v_checkouts FROM closed;
	RETURN jsonb_build_object('bookingIds', to_jsonb(v_ids), 'showIds', to_jsonb(v_shows), 'checkouts', v_checkouts);
END;
$$;
