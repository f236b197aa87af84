-- Food and drink (CONTRACT §12): the menu, the items a booking claims, and when they were handed
-- over. docs/decisions/0022-stock-is-a-claim.md.
--
-- `products.stock` is what is left to sell (null: unlimited); it never goes below 0 (the check
-- backs up the conditional UPDATE that claims it, db/sql/marquee_claim_items.sql).
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price_paise" integer NOT NULL,
	"tax_rate" double precision NOT NULL,
	"stock" integer,
	"active" boolean DEFAULT true NOT NULL,
	"image" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_stock_not_negative" CHECK ("products"."stock" is null or "products"."stock" >= 0),
	CONSTRAINT "products_price_not_negative" CHECK ("products"."price_paise" >= 0),
	CONSTRAINT "products_tax_rate_percent" CHECK ("products"."tax_rate" >= 0 and "products"."tax_rate" <= 100)
);
--> statement-breakpoint
CREATE INDEX "products_position_idx" ON "products" USING btree ("position","name");
--> statement-breakpoint
-- A booking's items, priced and taxed as they were when claimed. `is_live`: the units are taken
-- from the product's stock; set false (and the stock given back) once, when the booking stops
-- being pending or paid (db/sql/marquee_return_items.sql).
CREATE TABLE "booking_items" (
	"booking_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_paise" integer NOT NULL,
	"tax_rate" double precision NOT NULL,
	"is_live" boolean DEFAULT true NOT NULL,
	CONSTRAINT "booking_items_booking_id_product_id_pk" PRIMARY KEY("booking_id","product_id"),
	CONSTRAINT "booking_items_quantity_range" CHECK ("booking_items"."quantity" between 1 and 10),
	CONSTRAINT "booking_items_price_not_negative" CHECK ("booking_items"."unit_price_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "booking_items" ADD CONSTRAINT "booking_items_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "booking_items" ADD CONSTRAINT "booking_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "booking_items_live_product_idx" ON "booking_items" USING btree ("product_id") WHERE "booking_items"."is_live";
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "items_collected_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "items_collected_by" text;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_items_collected_by_users_id_fk" FOREIGN KEY ("items_collected_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- The hold takes the items with the seats: the 15-argument function gives way to the one with
-- p_items (db/sql/marquee_hold_seats.sql).
DROP FUNCTION IF EXISTS marquee_hold_seats(uuid, uuid, text, text[], timestamptz, timestamptz, uuid, text, text, text, integer, integer, text, text[], text[]);
