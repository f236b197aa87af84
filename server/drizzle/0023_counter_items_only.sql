-- Food and drink sold at the counter on its own (issue 31 item 4, CONTRACT §11–§12): a counter sale
-- of items only is a booking without a show. Only such a booking may have none: a counter sale
-- with no seats; every other booking keeps its show.
ALTER TABLE "bookings" ALTER COLUMN "show_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_show_unless_counter_items" CHECK ("bookings"."show_id" is not null or ("bookings"."channel" = 'counter' and cardinality("bookings"."seats") = 0));
