import { z } from 'zod';
import type { GatewayEvent } from './gateway.ts';
import type { RefundReport } from './settle-refund.ts';

const payment = z.looseObject({
  id: z.string().min(1),
  amount: z.number().int().nonnegative(),
  order_id: z.string().min(1).nullish(),
});
const refund = z.looseObject({
  id: z.string().min(1),
  notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish(),
});
const webhookBody = z.looseObject({
  event: z.string(),
  payload: z.looseObject({
    payment: z.looseObject({ entity: payment }).optional(),
    order: z
      .looseObject({ entity: z.looseObject({ id: z.string().min(1), amount_paid: z.number().int() }) })
      .optional(),
    refund: z.looseObject({ entity: refund }).optional(),
  }),
});

/** What a verified Razorpay webhook delivery asks of the app. */
export type RazorpayWebhook =
  | { kind: 'payment'; event: GatewayEvent }
  /** A payment Razorpay holds authorised: the app captures it when its booking can take it. */
  | { kind: 'authorized'; orderId: string; paymentRef: string }
  | { kind: 'refund'; report: RefundReport }
  | { kind: 'ignored' };

/**
 * Reads a Razorpay webhook body (its signature already checked). `payment.captured` and
 * `order.paid` are the same fact, that the order's money is captured, and settle the booking
 * through the shared event handler (addressed by the order, the payment row's ref, and naming the
 * payment); `payment.authorized` asks for the capture the buyer's page may never have asked for;
 * `payment.failed` leaves the hold as it is (the buyer may try again until it lapses);
 * `refund.processed` / `refund.failed` settle a refund. Null when the body is not understood.
 */
export function readRazorpayWebhook(body: unknown, eventId: string): RazorpayWebhook | null {
  const parsed = webhookBody.safeParse(body);
  if (!parsed.success) return null;
  const { event, payload } = parsed.data;
  switch (event) {
    case 'payment.authorized': {
      const entity = payload.payment?.entity;
      if (!entity) return null;
      // A payment without an order is not one of ours to capture.
      if (!entity.order_id) return { kind: 'ignored' };
      return { kind: 'authorized', orderId: entity.order_id, paymentRef: entity.id };
    }
    case 'payment.captured': {
      const entity = payload.payment?.entity;
      if (!entity) return null;
      return {
        kind: 'payment',
        event: paid(eventId, entity.order_id ?? entity.id, entity.amount, entity.id),
      };
    }
    case 'order.paid': {
      const order = payload.order?.entity;
      if (!order) return null;
      const entity = payload.payment?.entity;
      return {
        kind: 'payment',
        event: paid(eventId, order.id, entity?.amount ?? order.amount_paid, entity?.id),
      };
    }
    case 'refund.processed':
    case 'refund.failed': {
      const entity = payload.refund?.entity;
      if (!entity) return null;
      const notes = entity.notes && !Array.isArray(entity.notes) ? entity.notes : {};
      const refundId = typeof notes.refundId === 'string' ? notes.refundId : null;
      return {
        kind: 'refund',
        report: { gateway: 'razorpay', eventId, type: event, ref: entity.id, refundId },
      };
    }
    default:
      return { kind: 'ignored' };
  }
}

function paid(id: string, ref: string, amountPaise: number, settledBy: string | undefined): GatewayEvent {
  return {
    gateway: 'razorpay',
    id,
    type: 'payment.succeeded',
    ref,
    amountPaise,
    ...(settledBy && { settledBy }),
  };
}
