/**
 * A small typed client for the parts of Razorpay's REST API the app uses (Orders, Payments,
 * Refunds), over `fetch`. The official SDK fixes its host to api.razorpay.com, so it cannot talk
 * to the local stand-in the tests use (decision 0020).
 */

export interface RazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  currency: string;
  receipt: string | null;
  status: string;
  notes: Record<string, string> | [];
}

export interface RazorpayPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string | null;
  amount_refunded?: number;
  error_description?: string | null;
}

export interface RazorpayRefund {
  id: string;
  entity: 'refund';
  amount: number;
  payment_id: string;
  status: 'pending' | 'processed' | 'failed';
  notes: Record<string, string> | [];
}

interface Collection<T> {
  entity: 'collection';
  count: number;
  items: T[];
}

/** Razorpay answered with an error (`status` is its HTTP status; 0: no answer at all). */
export class RazorpayApiError extends Error {
  override name = 'RazorpayApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }

  /** A 4xx: Razorpay will give the same answer to the same request again. */
  get isFinal(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 429;
  }
}

export interface RazorpayClientOptions {
  keyId: string;
  keySecret: string;
  /** `https://api.razorpay.com`, or a stand-in. */
  apiUrl: string;
  timeoutMs?: number;
}

export class RazorpayClient {
  private readonly authorization: string;

  constructor(private readonly options: RazorpayClientOptions) {
    this.authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  }

  createOrder(body: { amount: number; currency: 'INR'; receipt: string; notes: Record<string, string> }) {
    return this.call<RazorpayOrder>('POST', '/v1/orders', body);
  }

  fetchPayment(paymentId: string) {
    return this.call<RazorpayPayment>('GET', `/v1/payments/${encodeURIComponent(paymentId)}`);
  }

  capturePayment(paymentId: string, amount: number) {
    return this.call<RazorpayPayment>('POST', `/v1/payments/${encodeURIComponent(paymentId)}/capture`, {
      amount,
      currency: 'INR',
    });
  }

  async orderPayments(orderId: string) {
    const list = await this.call<Collection<RazorpayPayment>>(
      'GET',
      `/v1/orders/${encodeURIComponent(orderId)}/payments`,
    );
    return list.items;
  }

  refundPayment(
    paymentId: string,
    body: { amount: number; notes: Record<string, string> },
    idempotencyKey: string,
  ) {
    return this.call<RazorpayRefund>('POST', `/v1/payments/${encodeURIComponent(paymentId)}/refund`, body, {
      'x-refund-idempotency': idempotencyKey,
    });
  }

  async paymentRefunds(paymentId: string) {
    const list = await this.call<Collection<RazorpayRefund>>(
      'GET',
      `/v1/payments/${encodeURIComponent(paymentId)}/refunds?count=100`,
    );
    return list.items;
  }

  fetchRefund(refundId: string) {
    return this.call<RazorpayRefund>('GET', `/v1/refunds/${encodeURIComponent(refundId)}`);
  }

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.options.apiUrl}${path}`, {
        method,
        headers: {
          authorization: this.authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 20_000),
      });
    } catch (error) {
      throw new RazorpayApiError(0, `Razorpay did not answer ${method} ${path}: ${String(error)}`);
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new RazorpayApiError(
        response.ok ? 502 : response.status,
        `Razorpay answered ${method} ${path} with no JSON`,
      );
    }
    if (!response.ok) {
      const description =
        (parsed as { error?: { description?: string } } | null)?.error?.description ??
        `HTTP ${response.status}`;
      throw new RazorpayApiError(response.status, `Razorpay refused ${method} ${path}: ${description}`);
    }
    if (typeof parsed !== 'object' || parsed === null || !('entity' in parsed)) {
      throw new RazorpayApiError(502, `Razorpay answered ${method} ${path} with something not understood`);
    }
    return parsed as T;
  }
}
