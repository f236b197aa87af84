-- A booking's reference (CONTRACT §6, docs/decisions/0014-admission.md): 8 characters from a
-- 32-symbol alphabet with no 0/O or 1/I (2^40 values), drawn from gen_random_uuid()'s random
-- bytes so it cannot be predicted. It is the default of bookings.reference, so every way a
-- booking is written (the hold, the seed, fixtures) gets one; the unique index
-- bookings_reference_uq is the final word, and the draw retries the rare value already taken.
CREATE OR REPLACE FUNCTION marquee_booking_reference() RETURNS text
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
	v_alphabet constant text := '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
	v_bytes bytea;
	v_reference text;
BEGIN
	LOOP
		-- Bytes 0-5 and 9-10 of a version 4 UUID are wholly random (6-7 and 8 carry version bits).
		v_bytes := uuid_send(gen_random_uuid());
		v_reference := '';
		FOR i IN 0..7 LOOP
			v_reference := v_reference || substr(v_alphabet,
				(get_byte(v_bytes, CASE WHEN i < 6 THEN i ELSE i + 3 END) & 31) + 1, 1);
		END LOOP;
		EXIT WHEN NOT EXISTS (SELECT 1 FROM bookings WHERE reference = v_reference);
	END LOOP;
	RETURN v_reference;
END;
$$;
