-- A booking keeps the GST rates in force when it was made (CONTRACT §10: a change of the tax
-- settings applies to bookings made after it). The statement that inserts a booking, whichever path
-- inserts it (the hold, the seed, fixtures, later the counter), takes the `tax` section of the
-- settings with it; a path that gives rates of its own keeps them. The invoice reads them
-- (bookings.tax_rates; heldSlabs in shared/src/gst.ts).
CREATE OR REPLACE FUNCTION marquee_booking_tax_rates() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
	IF NEW.tax_rates IS NULL THEN
		NEW.tax_rates := (SELECT value FROM settings WHERE key = 'tax');
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS bookings_keep_tax_rates ON bookings;
--> statement-breakpoint
CREATE TRIGGER bookings_keep_tax_rates BEFORE INSERT ON bookings
	FOR EACH ROW EXECUTE FUNCTION marquee_booking_tax_rates();
