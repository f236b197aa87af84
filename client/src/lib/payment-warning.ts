/** Spec §8: the warning shown once a booking is created, before the window goes to payment. */
export const paymentWarning = 'Complete payment within 10 minutes or booking will be cancelled!';

const storageKey = 'marquee:payment-warning';

/**
 * The warning is raised just before the whole window leaves for the payment page, so it would
 * vanish unread. When that page is our own (the sandbox), it raises it again on arrival.
 */
export function handOverPaymentWarning(url: string): void {
  try {
    const target = new URL(url, window.location.href);
    if (target.origin === window.location.origin) sessionStorage.setItem(storageKey, target.pathname);
  } catch {
    // No storage (a locked-down browser): the warning was shown once; the page still counts down.
  }
}

/** True once for the page the warning was handed over to. */
export function takePaymentWarning(pathname: string): boolean {
  try {
    if (sessionStorage.getItem(storageKey) !== pathname) return false;
    sessionStorage.removeItem(storageKey);
    return true;
  } catch {
    return false;
  }
}
