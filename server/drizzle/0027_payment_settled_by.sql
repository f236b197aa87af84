-- Which of a Razorpay order's payments settled it (CONTRACT §4, §9): an order can be paid more
-- than once (two attempts authorised before either is captured), and a payment that is not the
-- one that settled the booking is refunded, not kept.
ALTER TABLE "payments" ADD COLUMN "settled_by" text;
