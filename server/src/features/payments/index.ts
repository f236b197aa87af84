/** The payments feature's public entry: what the app and other features use of it. */
export { closeCheckouts } from './checkouts.ts';
export {
  CheckoutRefusedError,
  type CheckoutRequest,
  type GatewayEvent,
  type GatewayName,
  type GatewayPayment,
  type PaymentGateway,
  type RefundAnswer,
  RefundRefusedError,
  type RefundRequest,
  counterGateway,
} from './gateway.ts';
export { readRazorpayWebhook } from './razorpay-events.ts';
export { RazorpayGateway } from './razorpay-gateway.ts';
export { receiveEvent } from './receive-event.ts';
export { findDiscrepancies } from './reconcile.ts';
export {
  markRefundSucceeded,
  recordBookingRefund,
  recordExchangeRefund,
  recordRefund,
  refundablePayments,
} from './record-refund.ts';
export { carryOutRefunds, retryRefund, startRefundWorker } from './refund-worker.ts';
export { paymentRoutes } from './routes.ts';
export { SandboxGateway } from './sandbox-gateway.ts';
export { settleRefund } from './settle-refund.ts';
export { StripeGateway } from './stripe-gateway.ts';
