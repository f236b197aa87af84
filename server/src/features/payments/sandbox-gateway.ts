import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { GatewayEvent, PaymentGateway, RefundRequest } from './gateway.ts';

/**
 * The built-in test gateway: the payment page is the app's own (/pay/{paymentId}), and paying
 * there produces an event signed like a real gateway's webhook, handled by the same code.
 */
/** The header the sandbox's webhook carries its signature in. */
export const SANDBOX_SIGNATURE_HEADER = 'x-marquee-sandbox-signature';

export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  private readonly key: Buffer;

  constructor(
    private readonly publicUrl: string,
    secret: string,
  ) {
    this.key = createHmac('sha256', secret).update('marquee-sandbox-gateway').digest();
  }

  async createCheckout({ paymentId }: { paymentId: string }) {
    return this.localCheckout(paymentId);
  }

  localCheckout(paymentId: string) {
    return { ref: `sbx_${paymentId}`, url: `${this.publicUrl}/pay/${paymentId}` };
  }

  async expireCheckout() {
    // Nothing lives outside the app: the payment row's state is the whole truth.
  }

  async refund(_request: RefundRequest) {
    return { ref: `sbx_re_${randomUUID()}` };
  }

  /** Signs an event as the sandbox's "webhook" would send it. */
  sign(event: Omit<GatewayEvent, 'gateway'>): { payload: string; signature: string } {
    const payload = JSON.stringify(event);
    return { payload, signature: createHmac('sha256', this.key).update(payload).digest('hex') };
  }

  /** The event if the signature is ours, else null. */
  verify(payload: string, signature: string): GatewayEvent | null {
    const expected = createHmac('sha256', this.key).update(payload).digest();
    const given = Buffer.from(signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const event = JSON.parse(payload) as Omit<GatewayEvent, 'gateway'>;
    return { ...event, gateway: 'sandbox' };
  }
}
