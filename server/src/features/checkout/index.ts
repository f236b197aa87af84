/**
 * The checkout feature's public entry. A buyer pays: the payment page, the gateways' return calls and
 * webhooks, and the event that turns a held booking into a paid one (or refunds a late payment). It
 * sits above bookings and payments, which it joins; neither imports it.
 */
export { lateReasons, WRONG_AMOUNT_REASON } from './handle-event.ts';
export { receiveEvent } from './receive-event.ts';
export { paymentRoutes } from './routes.ts';
