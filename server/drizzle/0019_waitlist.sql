-- The waiting list (CONTRACT §13, issue 32): a signed-in buyer waits for a show (or a class of it)
-- with a party size; when seats come free the entries are offered in the order they joined.
--
-- `seq` is the join order. `status` as stored: waiting, offered (an unpaid booking holds the
-- offer's seats: offer_booking_id), left (the buyer left), closed (offers could no longer be made).
-- 'booked' and a lapsed offer are read from the offer's booking, never written twice.
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"show_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"class" text,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offer_booking_id" uuid,
	"joined_at" timestamp with time zone NOT NULL,
	"offered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "waitlist_entries_status_known" CHECK ("waitlist_entries"."status" in ('waiting', 'offered', 'left', 'closed')),
	CONSTRAINT "waitlist_entries_quantity_range" CHECK ("waitlist_entries"."quantity" between 1 and 8)
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_offer_booking_id_bookings_id_fk" FOREIGN KEY ("offer_booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- One live entry per buyer per show: a second join is refused by the database, whatever the race.
CREATE UNIQUE INDEX "waitlist_entries_live_uq" ON "waitlist_entries" USING btree ("show_id","user_id") WHERE "waitlist_entries"."status" in ('waiting', 'offered');
--> statement-breakpoint
CREATE INDEX "waitlist_entries_waiting_idx" ON "waitlist_entries" USING btree ("show_id","seq") WHERE "waitlist_entries"."status" = 'waiting';
--> statement-breakpoint
CREATE INDEX "waitlist_entries_user_idx" ON "waitlist_entries" USING btree ("user_id","joined_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_offer_uq" ON "waitlist_entries" USING btree ("offer_booking_id");
--> statement-breakpoint
-- Shows whose waiting list is to be looked at: a row is written by the database itself whenever
-- seats come free on a show with someone waiting (db/sql/marquee_waitlist_due.sql), and taken by
-- whichever process's waiting-list worker claims it first.
CREATE TABLE "waitlist_due" (
	"show_id" uuid PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "waitlist_due" ADD CONSTRAINT "waitlist_due_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;
