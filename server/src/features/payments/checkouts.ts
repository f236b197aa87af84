import type { FastifyBaseLogger } from 'fastify';
import type { GatewayName, GatewayPayment, PaymentGateway } from './gateway.ts';

/** Closes checkouts that can no longer be paid (after the commit that let their booking go). */
export async function closeCheckouts(
  { gateways, log }: { gateways: ReadonlyMap<GatewayName, PaymentGateway>; log: FastifyBaseLogger },
  open: GatewayPayment[],
): Promise<void> {
  await Promise.all(
    open.map(async ({ gateway, ref }) => {
      try {
        await gateways.get(gateway)?.expireCheckout(ref);
      } catch (error) {
        // A payment that still lands is settled as a late payment by the event handler.
        log.warn({ err: error, gateway, ref }, 'closing a checkout failed');
      }
    }),
  );
}
