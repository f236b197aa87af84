-- The box office (CONTRACT §11): cashiers' shifts, the facts of each counter sale and of each
-- refund given at the counter. A counter sale is a booking (channel 'counter') whose user is the
-- seller; the customer, who has no account, is kept here (decision 0023).
--
-- A shift is open while closed_at is null: one open shift per person (the partial unique index
-- decides two opens at once). A closed shift never changes: db/sql/marquee_shift_is_final.sql
-- refuses any update or delete of a closed shift and any sale or refund recorded in one.
CREATE TABLE "shifts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"opening_float_paise" integer NOT NULL,
	"counted_cash_paise" integer,
	CONSTRAINT "shifts_float_not_negative" CHECK ("shifts"."opening_float_paise" >= 0),
	CONSTRAINT "shifts_counted_when_closed" CHECK (("shifts"."closed_at" is null) = ("shifts"."counted_cash_paise" is null) and coalesce("shifts"."counted_cash_paise", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_one_open_uq" ON "shifts" USING btree ("user_id") WHERE "shifts"."closed_at" is null;
--> statement-breakpoint
-- One row per counter sale: who sold it, in which shift, how it was paid. `amount_paise` is the
-- amount taken and the tickets sold at the sale, kept here so the shift's figures never move (an exchange or a refund
-- later changes the booking, not the sale).
CREATE TABLE "counter_sales" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"shift_id" uuid NOT NULL,
	"seller_id" text NOT NULL,
	"method" text NOT NULL,
	"payment_id" uuid,
	"amount_paise" integer NOT NULL,
	"tickets" integer NOT NULL,
	"payment_reference" text,
	"tendered_paise" integer,
	"change_paise" integer,
	"customer_name" text,
	"customer_phone" text,
	"customer_email" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "counter_sales_method_known" CHECK ("counter_sales"."method" in ('cash', 'card', 'upi', 'comp')),
	CONSTRAINT "counter_sales_paid_as_said" CHECK (("counter_sales"."method" = 'comp' and "counter_sales"."amount_paise" = 0 and "counter_sales"."payment_id" is null) or ("counter_sales"."method" <> 'comp' and "counter_sales"."amount_paise" > 0 and "counter_sales"."payment_id" is not null)),
	CONSTRAINT "counter_sales_cash_tendered" CHECK ("counter_sales"."method" <> 'cash' or ("counter_sales"."tendered_paise" >= "counter_sales"."amount_paise" and "counter_sales"."change_paise" = "counter_sales"."tendered_paise" - "counter_sales"."amount_paise")),
	CONSTRAINT "counter_sales_card_upi_reference" CHECK ("counter_sales"."method" not in ('card', 'upi') or "counter_sales"."payment_reference" is not null)
);
--> statement-breakpoint
ALTER TABLE "counter_sales" ADD CONSTRAINT "counter_sales_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "counter_sales" ADD CONSTRAINT "counter_sales_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "counter_sales" ADD CONSTRAINT "counter_sales_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "counter_sales" ADD CONSTRAINT "counter_sales_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "counter_sales_shift_idx" ON "counter_sales" USING btree ("shift_id");
--> statement-breakpoint
-- One row per refund given at the counter (POST /api/boxoffice/refunds), in the refunder's shift:
-- a counter sale's money back by its method (cash from the drawer, card or UPI on the terminal),
-- or an online booking's refund sent through its gateway ('online', not in the drawer's figures).
CREATE TABLE "counter_refunds" (
	"refund_id" uuid PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"shift_id" uuid NOT NULL,
	"refunder_id" text NOT NULL,
	"method" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "counter_refunds_method_known" CHECK ("counter_refunds"."method" in ('cash', 'card', 'upi', 'online')),
	CONSTRAINT "counter_refunds_amount_not_negative" CHECK ("counter_refunds"."amount_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "counter_refunds" ADD CONSTRAINT "counter_refunds_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "counter_refunds" ADD CONSTRAINT "counter_refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "counter_refunds" ADD CONSTRAINT "counter_refunds_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "counter_refunds" ADD CONSTRAINT "counter_refunds_refunder_id_users_id_fk" FOREIGN KEY ("refunder_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "counter_refunds_booking_uq" ON "counter_refunds" USING btree ("booking_id");
--> statement-breakpoint
CREATE INDEX "counter_refunds_shift_idx" ON "counter_refunds" USING btree ("shift_id");
