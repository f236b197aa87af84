import type { RazorpayVerifyRequest } from '@marquee/shared';

/** The part of Razorpay Checkout's browser API the payment page uses. */
export interface RazorpayCheckoutOptions {
  key: string;
  order_id: string;
  amount: number;
  currency: 'INR';
  name: string;
  description: string;
  prefill: { name: string; email: string };
  /** Seconds until Checkout closes itself: the payment window's end. */
  timeout: number;
  handler: (answer: RazorpayVerifyRequest) => void;
  modal: { ondismiss: () => void };
}
export interface RazorpayCheckout {
  open(): void;
  on(event: 'payment.failed', callback: (failure: { error: { description?: string } }) => void): void;
}
type RazorpayConstructor = new (options: RazorpayCheckoutOptions) => RazorpayCheckout;

const loading = new Map<string, Promise<RazorpayConstructor>>();

/**
 * Loads Checkout's script (RAZORPAY_CHECKOUT_URL, allowed by the CSP while Razorpay is on) once,
 * only on a page that pays with it.
 */
export function loadRazorpayCheckout(src: string): Promise<RazorpayConstructor> {
  const known = (window as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (known) return Promise.resolve(known);
  let pending = loading.get(src);
  if (!pending) {
    pending = new Promise<RazorpayConstructor>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => {
        const loaded = (window as { Razorpay?: RazorpayConstructor }).Razorpay;
        if (loaded) resolve(loaded);
        else reject(new Error('Razorpay Checkout did not load'));
      };
      script.onerror = () => reject(new Error('Razorpay Checkout did not load'));
      document.head.append(script);
    });
    // A failed load may be tried again.
    pending.catch(() => loading.delete(src));
    loading.set(src, pending);
  }
  return pending;
}
