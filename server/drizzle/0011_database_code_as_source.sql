-- Functions and triggers are now source (server/src/db/sql, one file each, applied after the
-- migrations at every start: server/src/db/database-code.ts, docs/architecture.md). What this
-- migration drops is dead: nothing in the app or in server/src/db/sql calls it.
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
