/**
 * The payments feature's public entry: the gateways, checkouts and the refund ledger, what the app and
 * other features use of them. A gateway's event turning a hold into a paid booking is the checkout
 * feature's (it needs bookings, which need payments).
 */
export { settleAfterCommit, type UseCaseDeps } from './after-commit.ts';
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
export { RazorpayApiError, type RazorpayPayment } from './razorpay-client.ts';
export { readRazorpayWebhook } from './razorpay-events.ts';
export { RazorpayGateway } from './razorpay-gateway.ts';
export { findDiscrepancies } from './reconcile.ts';
export {
  markRefundSucceeded,
  recordBookingRefund,
  recordExchangeRefund,
  recordRefund,
  refundablePaise,
} from './record-refund.ts';
export {
  carryOutRefunds,
  type RefundDeps,
  type RefundResult,
  retryRefund,
  startRefundWorker,
} from './refund-worker.ts';
export { refundRoutes } from './refund-routes.ts';
export { SANDBOX_SIGNATURE_HEADER, SandboxGateway } from './sandbox-gateway.ts';
export { settleRefund } from './settle-refund.ts';
export { StripeGateway } from './stripe-gateway.ts';
