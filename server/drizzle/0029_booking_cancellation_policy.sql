-- A booking keeps the cancellation policy in force when it was made (CONTRACT §10: a change of
-- `settings.cancellation` applies to bookings made after it), as it keeps its tax rates: the
-- trigger in db/sql/marquee_booking_tax_rates.sql fills it in the statement that inserts the
-- booking. The bookings made before this migration keep the policy in force now, the best known.
ALTER TABLE "bookings" ADD COLUMN "cancellation_policy" jsonb;
--> statement-breakpoint
UPDATE "bookings" SET "cancellation_policy" = coalesce((SELECT "value" FROM "settings" WHERE "key" = 'cancellation'), '{}'::jsonb);
