/**
 * The states a booking, a payment and a refund can be in: one list each, for the API schemas, the
 * database's check constraints (server/src/db/schema.ts) and every comparison in code (a column
 * typed by these lists makes a misspelt status a type error).
 */

/** pending: seats held while the buyer pays; paid; cancelled (by the buyer or staff); expired (hold lapsed). */
export const bookingStatuses = ['pending', 'paid', 'cancelled', 'expired'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** A checkout at a gateway: open until paid (succeeded), closed unpaid (expired), or paid back (refunded). */
export const paymentStatuses = ['open', 'succeeded', 'expired', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Money owed back: pending until the gateway confirms (succeeded) or gives up (failed, retried by staff). */
export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/**
 * Where a booking was sold (CONTRACT §11, §13): online by its buyer, at the counter by staff,
 * held for a waiting-list entry as an offer, or (exchange) the new seats of a dearer exchange held
 * while the difference is paid.
 */
export const bookingChannels = ['online', 'counter', 'waitlist', 'exchange'] as const;
export type BookingChannel = (typeof bookingChannels)[number];

/**
 * A waiting-list entry as stored (CONTRACT §13): waiting its turn, offered (an unpaid booking holds
 * the offer's seats), left by its buyer, or closed when offers could no longer be made.
 */
export const waitlistStoredStatuses = ['waiting', 'offered', 'left', 'closed'] as const;
export type WaitlistStoredStatus = (typeof waitlistStoredStatuses)[number];
/** As the API answers: `booked` once the offer is paid (read from the offer's booking). */
export const waitlistStatuses = ['waiting', 'offered', 'booked', 'left', 'closed'] as const;
export type WaitlistStatus = (typeof waitlistStatuses)[number];
/** How a customer pays at the counter (CONTRACT §11). */
export const counterPaymentMethods = ['cash', 'card', 'upi'] as const;
export type CounterPaymentMethod = (typeof counterPaymentMethods)[number];
/** How a counter sale was settled: a payment method, or 'comp' (given free by an admin). */
export const counterSaleMethods = ['cash', 'card', 'upi', 'comp'] as const;
export type CounterSaleMethod = (typeof counterSaleMethods)[number];
/** How money went back at the counter: a counter sale's own method, or an online booking's gateway. */
export const counterRefundMethods = ['cash', 'card', 'upi', 'online'] as const;
export type CounterRefundMethod = (typeof counterRefundMethods)[number];
