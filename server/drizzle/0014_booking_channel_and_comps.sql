-- Where a booking was sold and whether it was given free (CONTRACT §11, §14), shared by the box
-- office, the waiting list and the reports that count them apart.
--
-- `channel`: 'online' (the buyer's own booking, every booking before this migration), 'counter'
-- (sold at the box office), 'waitlist' (an offer held for a waiting-list entry).
ALTER TABLE "bookings" ADD COLUMN "channel" text DEFAULT 'online' NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_channel_known" CHECK ("bookings"."channel" in ('online', 'counter', 'waitlist'));
--> statement-breakpoint
-- A complimentary booking (a comp, admins only, at the counter) costs nothing; every other booking
-- still costs more than nothing.
ALTER TABLE "bookings" ADD COLUMN "complimentary" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_amount_positive";
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_amount_positive" CHECK ("bookings"."amount_paise" > 0 or ("bookings"."complimentary" and "bookings"."amount_paise" >= 0));
