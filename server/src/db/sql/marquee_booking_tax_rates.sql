-- A booking keeps the GST rates and the cancellation policy in force when it was made (CONTRACT
-- §10: a change of the settings applies to bookings made after it). The statement that inserts a
-- booking, whichever path inserts it (the hold, the seed, fixtures, the counter), takes the `tax`
-- and `cancellation` sections of the settings with it ({} for a section never changed: the
-- defaults); a path that gives its own keeps them. The invoice reads the rates (bookings.tax_rates;
-- heldSlabs in shared/src/gst.ts), a cancel or an exchange the tiers (heldCancellationTiers in
-- shared/src/cancellation.ts).
CREATE OR REPLACE FUNCTION marquee_booking_tax_rates() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
	IF NEW.tax_rates IS NULL THEN
		NEW.tax_rates := (SELECT value FROM settings WHERE key = 'tax');
	END IF;
	IF NEW.cancellation_policy IS NULL THEN
		NEW.cancellation_policy := coalesce((SELECT value FROM settings WHERE key = 'cancellation'), '{}'::jsonb);
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS bookings_keep_tax_rates ON bookings;
--> statement-breakpoint
CREATE TRIGGER bookings_keep_tax_rates BEFORE INSERT ON bookings
	FOR EACH ROW EXECUTE FUNCTION marquee_booking_tax_rates();
