-- The door admits part of a party (CONTRACT §6, issue 34): `admitted_count` is how many of the
-- booking's seats are in. The door claims people with one conditional UPDATE on this column, and
-- the check makes the database refuse, whatever the race, more admissions than seats.
-- `share_version` names the buyer's current share link; resetting it (+1) kills every older link.
ALTER TABLE "bookings" ADD COLUMN "admitted_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "share_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Before this, a check-in admitted everyone on the booking.
UPDATE "bookings" SET "admitted_count" = cardinality("seats") WHERE "checked_in_at" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_admitted_within_seats" CHECK ("bookings"."admitted_count" between 0 and cardinality("bookings"."seats"));
