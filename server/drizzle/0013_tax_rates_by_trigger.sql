-- bookings.tax_rates is filled by a trigger (server/src/db/sql/marquee_booking_tax_rates.sql)
-- rather than by a column default calling a function: drizzle-kit cannot read a jsonb default that
-- is an expression back from the database (`drizzle-kit pull` stops on it), and a trigger is where
-- the app's other insert-time rules live. The rates kept are the same: the `tax` settings at the
-- moment of the insert.
ALTER TABLE "bookings" ALTER COLUMN "tax_rates" DROP DEFAULT;
--> statement-breakpoint
DROP FUNCTION IF EXISTS marquee_tax_in_force();
--> statement-breakpoint
-- 0012 wrote its foreign keys inline, under PostgreSQL's names; schema.ts (and so the snapshot
-- db:generate compares with) has drizzle's. One name each, drizzle's (as 0011 did for older ones).
ALTER TABLE "invoices" RENAME CONSTRAINT "invoices_booking_id_fkey" TO "invoices_booking_id_bookings_id_fk";
--> statement-breakpoint
ALTER TABLE "invoices" RENAME CONSTRAINT "invoices_payment_id_fkey" TO "invoices_payment_id_payments_id_fk";
--> statement-breakpoint
ALTER TABLE "credit_notes" RENAME CONSTRAINT "credit_notes_invoice_id_fkey" TO "credit_notes_invoice_id_invoices_id_fk";
--> statement-breakpoint
ALTER TABLE "credit_notes" RENAME CONSTRAINT "credit_notes_refund_id_fkey" TO "credit_notes_refund_id_refunds_id_fk";
