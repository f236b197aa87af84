-- Whether a seat claim blocks a buyer at p_now: live, and sold or held by a pending booking whose
-- payment window is still open. A lapsed hold never blocks, even before any sweep has released it.
-- The hold, the seat queries (features/seats/live-claims.ts) and the stale check all use this one.
CREATE OR REPLACE FUNCTION marquee_blocks_seat(
	p_is_live boolean, p_status text, p_expires_at timestamptz, p_now timestamptz
) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT p_is_live AND (p_status = 'paid' OR (p_status = 'pending' AND p_expires_at > p_now)) $$;
