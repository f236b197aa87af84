-- Money and seats always agree (docs/decisions/0009-lock-order.md).
--
-- 1. One rule per fact: whether a claim blocks a buyer, and releasing lapsed holds, each live in
--    one function that every path uses. 2. Seat-change notifications come from triggers, so no
--    code path can forget one. 3. Refunds become a durable outbox the worker drains. 4. Holds
--    obey the holding limits (one unpaid booking per account per show, a cap across shows).

-- A seat claim blocks a buyer at p_now: live, and sold or held by a pending booking whose
-- payment window is still open. A lapsed hold never blocks, even before any sweep.
CREATE OR REPLACE FUNCTION marquee_blocks_seat(
	p_is_live boolean, p_status text, p_expires_at timestamptz, p_now timestamptz
) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT p_is_live AND (p_status = 'paid' OR (p_status = 'pending' AND p_expires_at > p_now)) $$;
--> statement-breakpoint

-- Releases every pending booking whose window has passed (of one show, or all): expired, seats
-- freed, open checkouts closed in the database and returned for the app to close at their gateway.
-- Rows another transaction holds are skipped (SKIP LOCKED): whoever holds them (a payment, a
-- cancel) settles them, and a sweep never waits on a booking, so it cannot join a deadlock.
CREATE OR REPLACE FUNCTION marquee_release_lapsed(p_now timestamptz, p_show_id uuid DEFAULT NULL)
RETURNS jsonb
LANGUAGE plpgsql
AS $$
DECLARE
	v_ids uuid[];
	v_shows uuid[];
	v_checkouts jsonb;
BEGIN
	SELECT array_agg(id) INTO v_ids FROM (
		SELECT id FROM bookings
		WHERE status = 'pending' AND expires_at <= p_now AND (p_show_id IS NULL OR show_id = p_show_id)
		ORDER BY id
		FOR UPDATE SKIP LOCKED
	) lapsed;
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
--> statement-breakpoint

-- Seat maps are told by the database itself: every change of a claim, of a booking's status or
-- of a show NOTIFYs marquee_seats with the show's id (PostgreSQL folds repeats in a transaction).
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
CREATE TRIGGER booking_seats_notify_insert AFTER INSERT ON booking_seats
	FOR EACH ROW EXECUTE FUNCTION marquee_notify_seats();
--> statement-breakpoint
CREATE TRIGGER booking_seats_notify_update AFTER UPDATE OF is_live ON booking_seats
	FOR EACH ROW WHEN (OLD.is_live IS DISTINCT FROM NEW.is_live) EXECUTE FUNCTION marquee_notify_seats();
--> statement-breakpoint
CREATE TRIGGER bookings_notify_status AFTER UPDATE OF status ON bookings
	FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION marquee_notify_seats();
--> statement-breakpoint
CREATE TRIGGER shows_notify_change AFTER UPDATE OR DELETE ON shows
	FOR EACH ROW EXECUTE FUNCTION marquee_notify_seats();
--> statement-breakpoint

-- Refunds are an outbox: recorded with the change that owes them, carried out by a worker.
-- A refund names its gateway and the gateway's payment directly, so a captured payment that
-- matches no booking (hence no payment row) is refunded the same way.
ALTER TABLE "refunds" ALTER COLUMN "payment_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "refunds"
	ADD COLUMN "gateway" text,
	ADD COLUMN "payment_ref" text,
	ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL,
	ADD COLUMN "next_attempt_at" timestamp with time zone,
	ADD COLUMN "last_error" text,
	ADD COLUMN "idempotency_key" text,
	ADD COLUMN "succeeded_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "refunds" r SET "gateway" = p."gateway", "payment_ref" = p."gateway_ref"
FROM "payments" p WHERE p."id" = r."payment_id";
--> statement-breakpoint
-- Refunds left pending by the old code (a gateway error, a crash) are picked up by the worker;
-- it asks the gateway first whether the refund already exists.
UPDATE "refunds" SET "idempotency_key" = 'refund-' || "id" || '-legacy',
	"next_attempt_at" = CASE WHEN "status" = 'pending' THEN "created_at" END,
	"succeeded_at" = CASE WHEN "status" = 'succeeded' THEN "updated_at" END;
--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "gateway" SET NOT NULL, ALTER COLUMN "payment_ref" SET NOT NULL,
	ALTER COLUMN "idempotency_key" SET NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_gateway_payment_uq" ON "refunds" USING btree ("gateway", "payment_ref");
--> statement-breakpoint
CREATE INDEX "refunds_due_idx" ON "refunds" USING btree ("next_attempt_at") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "bookings_user_pending_idx" ON "bookings" USING btree ("user_id") WHERE "status" = 'pending';
--> statement-breakpoint

-- The hold, now with the holding limits, the shared rules and no NOTIFY of its own (the triggers
-- send it). The account's row is locked FOR NO KEY UPDATE after the show, so two holds by one
-- account queue and see each other's booking; other accounts and foreign-key checks (KEY SHARE)
-- are not held up. Outcomes are values, as before (0002).
DROP FUNCTION IF EXISTS marquee_hold_seats(uuid, uuid, text, text[], integer[], timestamptz, timestamptz, uuid, text, text, text);
--> statement-breakpoint
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
	SELECT string_agg(seat, ', ' ORDER BY position) INTO v_invalid
	FROM unnest(p_seats, p_seat_indexes) WITH ORDINALITY AS s(seat, seat_index, position)
	WHERE seat_index < 0 OR seat_index >= v_show.total_seats;
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

	v_amount := v_show.price_paise * cardinality(p_seats);
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
		'lapsed', v_released -> 'checkouts'
	);
END;
$$;
