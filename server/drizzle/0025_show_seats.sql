-- Every seat of a show's layout as a row (issue 35): the hold finds a seat's existence and class by
-- one index probe instead of reading the whole layout, so a 500-seat screen costs a hold what a
-- 96-seat one does. The trigger that keeps it (db/sql/marquee_sync_show_seats.sql) is applied after
-- the migrations; the shows already made are filled here, from the same layouts.
CREATE TABLE "show_seats" (
	"show_id" uuid NOT NULL,
	"seat" text NOT NULL,
	"class" text NOT NULL,
	CONSTRAINT "show_seats_show_id_seat_pk" PRIMARY KEY("show_id","seat")
);
--> statement-breakpoint
ALTER TABLE "show_seats" ADD CONSTRAINT "show_seats_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
INSERT INTO "show_seats" ("show_id", "seat", "class")
SELECT s.id, seat ->> 'id', seat ->> 'class'
FROM "shows" s, jsonb_path_query(s.layout, 'lax $.rows[*].seats[*] ? (@.type() == "object")') AS seat
WHERE seat ->> 'id' IS NOT NULL AND seat ->> 'class' IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The hold releases its own show's lapsed holds: found by show, not among every show's.
CREATE INDEX "bookings_pending_show_expiry_idx" ON "bookings" USING btree ("show_id","expires_at") WHERE "bookings"."status" = 'pending';
--> statement-breakpoint
-- At most one unpaid difference per exchanged booking: only exchanges need an entry, and every
-- ordinary hold paid for one with a null key (issue 35).
DROP INDEX IF EXISTS "bookings_exchange_pending_uq";
--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_exchange_pending_uq" ON "bookings" USING btree ("exchange_of") WHERE "bookings"."status" = 'pending' and "bookings"."exchange_of" is not null;
