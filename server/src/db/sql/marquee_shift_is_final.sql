-- A closed shift never changes (CONTRACT §11): its cash-up is read from the sales and refunds
-- recorded in it, so once closed the shift row is not updated or deleted and no sale or refund is
-- recorded in it. The close itself is `UPDATE … WHERE closed_at IS NULL` (features/boxoffice),
-- which waits for the sales holding the open shift FOR SHARE; this trigger is the database's last
-- word for every other writer. SQLSTATE MQ409 is answered as a 409 in words.
CREATE OR REPLACE FUNCTION marquee_shift_is_final() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
	v_closed timestamptz;
BEGIN
	IF TG_TABLE_NAME = 'shifts' THEN
		IF OLD.closed_at IS NOT NULL THEN
			RAISE EXCEPTION 'This shift is closed' USING ERRCODE = 'MQ409';
		END IF;
		IF TG_OP = 'DELETE' THEN
			RETURN OLD;
		END IF;
		RETURN NEW;
	END IF;
	SELECT closed_at INTO v_closed FROM shifts WHERE id = NEW.shift_id FOR SHARE;
	IF v_closed IS NOT NULL THEN
		RAISE EXCEPTION 'This shift is closed' USING ERRCODE = 'MQ409';
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS shifts_closed_are_final ON shifts;
--> statement-breakpoint
CREATE TRIGGER shifts_closed_are_final BEFORE UPDATE OR DELETE ON shifts
	FOR EACH ROW EXECUTE FUNCTION marquee_shift_is_final();
--> statement-breakpoint
DROP TRIGGER IF EXISTS counter_sales_in_open_shift ON counter_sales;
--> statement-breakpoint
CREATE TRIGGER counter_sales_in_open_shift BEFORE INSERT ON counter_sales
	FOR EACH ROW EXECUTE FUNCTION marquee_shift_is_final();
--> statement-breakpoint
DROP TRIGGER IF EXISTS counter_refunds_in_open_shift ON counter_refunds;
--> statement-breakpoint
CREATE TRIGGER counter_refunds_in_open_shift BEFORE INSERT ON counter_refunds
	FOR EACH ROW EXECUTE FUNCTION marquee_shift_is_final();
