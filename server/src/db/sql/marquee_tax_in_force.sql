-- The tax settings in force now (CONTRACT §10): the `tax` section of the settings table. It is the
-- default of bookings.tax_rates, so the statement that inserts a booking (the hold, the counter,
-- fixtures) keeps the rates of that moment with it, and a later change of settings applies only
-- to bookings made after it. Migration 0012 created it, as the column's default needs it there.
CREATE OR REPLACE FUNCTION marquee_tax_in_force() RETURNS jsonb
LANGUAGE sql STABLE
AS $$
	SELECT value FROM settings WHERE key = 'tax'
$$;
