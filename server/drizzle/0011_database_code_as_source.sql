-- Functions and triggers are now source (server/src/db/sql, one file each, applied after the
-- migrations at every start: server/src/db/database-code.ts, docs/architecture.md). What this
-- migration drops is dead: nothing in the app or in server/src/db/sql calls it. It also gives three
-- foreign keys drizzle's names (at the end).
--
-- The 13-argument marquee_hold_seats of 0007: 0009 added the 15-argument hold beside it for
-- processes still running the previous version during a rolling restart; none runs it now.
DROP FUNCTION IF EXISTS marquee_hold_seats(uuid, uuid, text, text[], integer[], timestamptz, timestamptz, uuid, text, text, text, integer, integer);
--> statement-breakpoint
-- Its only caller was that hold (0009's reads the layout with jsonb containment).
DROP FUNCTION IF EXISTS marquee_layout_seats(jsonb);
--> statement-breakpoint
-- 0007 drew the layouts of the shows made before screens with it; the app draws them with
-- gridLayout (shared/seat-layout.ts).
DROP FUNCTION IF EXISTS marquee_grid_layout(integer, text);
--> statement-breakpoint
-- Foreign keys written by hand in 0006 and 0007 took PostgreSQL's names; schema.ts (and so the
-- drizzle snapshot db:generate compares with) has drizzle's. One name each, drizzle's, so that a
-- generated migration that changes one finds it.
ALTER TABLE "bookings" RENAME CONSTRAINT "bookings_checked_in_by_fkey" TO "bookings_checked_in_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "email_outbox" RENAME CONSTRAINT "email_outbox_booking_id_fkey" TO "email_outbox_booking_id_bookings_id_fk";
--> statement-breakpoint
ALTER TABLE "shows" RENAME CONSTRAINT "shows_screen_id_fkey" TO "shows_screen_id_screens_id_fk";
