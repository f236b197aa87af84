-- The distributor's share of a film's net takings (CONTRACT §14): a percent from 0 to 100 with at
-- most two decimals (42.5 is common in distribution deals), 50 by default (decision 0025).
ALTER TABLE "movies" ADD COLUMN "distributor_share_percent" numeric(5, 2) DEFAULT '50' NOT NULL;
--> statement-breakpoint
ALTER TABLE "movies" ADD CONSTRAINT "movies_distributor_share_range" CHECK ("movies"."distributor_share_percent" between 0 and 100);
--> statement-breakpoint
-- The daily report email (settings.reports.dailyEmail): one row per cinema day it was sent for.
-- The primary key is the claim: whichever process inserts the day first sends it, the others
-- find it taken (CONTRACT §14: once a day, from one process however many run).
CREATE TABLE "report_email_days" (
	"day" date PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- The reports read paid bookings of the shows of a day or a period.
CREATE INDEX "bookings_show_paid_idx" ON "bookings" USING btree ("show_id") WHERE "bookings"."status" = 'paid';
