-- The exchange (CONTRACT §13, docs/decisions/0024-cancellation-policy-and-exchange.md).
--
-- A booking's claims are keyed by show too: an exchange moves the booking to seats of another show
-- (A1 there while A1 here was its own) or back to a seat it held before, and the old claim stays
-- as history (not live). booking_seats_live_uq is still the one guard against a seat held twice.
ALTER TABLE "booking_seats" DROP CONSTRAINT "booking_seats_booking_id_seat_pk";--> statement-breakpoint
ALTER TABLE "booking_seats" ADD CONSTRAINT "booking_seats_booking_id_show_id_seat_pk" PRIMARY KEY("booking_id","show_id","seat");--> statement-breakpoint
-- ticket_version: the ticket code's version; each exchange issues a new code and the door refuses
-- older ones. exchange_of: a booking that holds the seats of a dearer exchange while its difference
-- is paid (channel 'exchange'); the unique index allows one unpaid difference per booking.
ALTER TABLE "bookings" ADD COLUMN "ticket_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "exchange_of" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_exchange_of_bookings_id_fk" FOREIGN KEY ("exchange_of") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_channel_known";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_channel_known" CHECK ("bookings"."channel" in ('online', 'counter', 'waitlist', 'exchange'));--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_exchange_pending_uq" ON "bookings" USING btree ("exchange_of") WHERE "bookings"."status" = 'pending';--> statement-breakpoint
-- A difference refunded at a cheaper exchange: a refund of the booking's payment that does not
-- end it (purpose 'exchange:<version>', payment_id null so nothing reads it as the booking's
-- refund, booking_id names the booking). One per purpose and payment at the gateway.
ALTER TABLE "refunds" ADD COLUMN "purpose" text DEFAULT 'refund' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
DROP INDEX "refunds_gateway_payment_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_gateway_payment_uq" ON "refunds" USING btree ("gateway","payment_ref","purpose");--> statement-breakpoint
-- The credit note that cancels an exchanged booking's invoice refunds nothing by itself.
ALTER TABLE "credit_notes" ALTER COLUMN "refund_id" DROP NOT NULL;
