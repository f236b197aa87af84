-- Admission (issue 13, CONTRACT §6): a reference on every booking and its check-in at the door.
--
-- A reference is 8 characters from a 32-symbol alphabet with no 0/O or 1/I (2^40 values), drawn
-- from gen_random_uuid()'s random bytes so it cannot be predicted. The column's default draws it,
-- so every way a booking is written (the hold function, the seed, fixtures) gets one; the unique
-- index is the final word, and the draw retries the rare value already taken.
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
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reference" text;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checked_in_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checked_in_by" text REFERENCES "users"("id");
--> statement-breakpoint
-- Existing bookings get theirs one row at a time, so each draw sees the ones before it.
DO $$
DECLARE
	v_id uuid;
BEGIN
	FOR v_id IN SELECT id FROM bookings WHERE reference IS NULL LOOP
		UPDATE bookings SET reference = marquee_booking_reference() WHERE id = v_id;
	END LOOP;
END;
$$;
--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "reference" SET DEFAULT marquee_booking_reference();
--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "reference" SET NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_reference_uq" ON "bookings" ("reference");
--> statement-breakpoint
CREATE INDEX "bookings_checked_in_idx" ON "bookings" ("checked_in_at") WHERE "checked_in_at" IS NOT NULL;
--> statement-breakpoint
-- The email outbox (CONTRACT §6): a row is written in the same transaction as the change it tells
-- of, and a worker in any process sends it after commit. `dedupe_key` makes one event one email;
-- `next_attempt_at` is both the retry schedule and the lease a worker takes while it sends.
CREATE TABLE "email_outbox" (
	"id" bigserial PRIMARY KEY,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"booking_id" uuid REFERENCES "bookings"("id"),
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "email_outbox_status_known" CHECK ("status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_dedupe_uq" ON "email_outbox" ("dedupe_key");
--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" ("next_attempt_at") WHERE "status" = 'pending';
