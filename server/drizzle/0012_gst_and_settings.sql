-- GST, tax invoices and the cinema's settings (issue 29, CONTRACT §10).

-- Settings an admin changes at run time, one row per section (`cinema`, `tax`, and the sections
-- later issues add). Every process reads them from here, so a change applies at once everywhere.
-- `tax` starts at the contract's defaults; `cinema` is seeded from the CINEMA_* variables on the
-- first start (server/src/features/settings/store.ts), never overwritten by them after that.
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "settings" ("key", "value") VALUES
	('tax', '{"ticketSlabs":[{"upTo":100,"rate":5},{"upTo":null,"rate":18}],"foodRate":5,"invoicePrefix":"MQ"}');
--> statement-breakpoint

-- The tax settings in force now, read by the column default below.
CREATE FUNCTION marquee_tax_in_force() RETURNS jsonb LANGUAGE sql STABLE AS $$
	SELECT value FROM settings WHERE key = 'tax'
$$;
--> statement-breakpoint

-- A hold keeps the rates in force when it was made (CONTRACT §10: a change applies to bookings
-- made after it). The default snapshots them in the very statement that inserts the booking,
-- whichever code path inserts it (the hold function, the counter), with no second write to forget.
ALTER TABLE "bookings" ADD COLUMN "tax_rates" jsonb DEFAULT marquee_tax_in_force();
--> statement-breakpoint
-- The buyer's GSTIN, when given with the booking: printed on the invoice.
ALTER TABLE "bookings" ADD COLUMN "buyer_gstin" text;
--> statement-breakpoint

-- Serials without gaps: one row per series ('invoice', 'credit-note') and financial year, claimed
-- by an upsert in the transaction that issues the document. The row lock makes concurrent issuers
-- take turns, and a transaction that rolls back gives its serial back (a sequence would not).
CREATE TABLE "document_counters" (
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_serial" integer NOT NULL,
	CONSTRAINT "document_counters_pk" PRIMARY KEY ("series", "financial_year")
);
--> statement-breakpoint

-- Tax invoices, issued in the transaction that marks a booking paid. Lines and seller are copied
-- in: an invoice never changes when prices, rates or the cinema's details do. Amounts in paise.
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"serial" integer NOT NULL,
	"booking_id" uuid NOT NULL REFERENCES "bookings"("id"),
	"payment_id" uuid REFERENCES "payments"("id"),
	"issued_at" timestamp with time zone NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_gstin" text,
	"lines" jsonb NOT NULL,
	"taxable_paise" integer NOT NULL,
	"cgst_paise" integer NOT NULL,
	"sgst_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	CONSTRAINT "invoices_number_uq" UNIQUE ("number"),
	CONSTRAINT "invoices_year_serial_uq" UNIQUE ("financial_year", "serial"),
	CONSTRAINT "invoices_adds_up" CHECK ("taxable_paise" + "cgst_paise" + "sgst_paise" = "total_paise")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_payment_uq" ON "invoices" ("payment_id");
--> statement-breakpoint
CREATE INDEX "invoices_booking_idx" ON "invoices" ("booking_id");
--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" ("issued_at");
--> statement-breakpoint

-- Credit notes, one per refund of an invoiced payment, in the transaction that records the refund.
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"serial" integer NOT NULL,
	"invoice_id" uuid NOT NULL REFERENCES "invoices"("id"),
	"refund_id" uuid NOT NULL REFERENCES "refunds"("id"),
	"issued_at" timestamp with time zone NOT NULL,
	"lines" jsonb NOT NULL,
	"taxable_paise" integer NOT NULL,
	"cgst_paise" integer NOT NULL,
	"sgst_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	CONSTRAINT "credit_notes_number_uq" UNIQUE ("number"),
	CONSTRAINT "credit_notes_year_serial_uq" UNIQUE ("financial_year", "serial"),
	CONSTRAINT "credit_notes_refund_uq" UNIQUE ("refund_id"),
	CONSTRAINT "credit_notes_adds_up" CHECK ("taxable_paise" + "cgst_paise" + "sgst_paise" = "total_paise")
);
--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" ("invoice_id");
--> statement-breakpoint
CREATE INDEX "credit_notes_issued_idx" ON "credit_notes" ("issued_at");
