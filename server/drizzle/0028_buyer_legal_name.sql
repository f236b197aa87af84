-- The business a buyer's GSTIN belongs to (CONTRACT §10): a B2B tax invoice names the recipient
-- as registered, not the account holder who booked. Printed only with the GSTIN.
ALTER TABLE "bookings" ADD COLUMN "buyer_legal_name" text;
