import type { Show } from '@marquee/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRazorpayStandIn, type RazorpayStandIn } from '../server/test/razorpay-stand-in.ts';
import { signUpInPage } from './accounts.ts';
import { freshPostgresDatabase, startApp, type RunningApp } from './app-server.ts';
import { openBrowser, seriousViolations, useApp, type Browser } from './browser.ts';
import { bookInPage, paymentPath } from './payment-fixtures.ts';

// A second app, taking payments with Razorpay through the local stand-in: its Checkout script
// (served by the stand-in, allowed by the app's CSP) shows a dialog that pays, fails or closes.
// On each database, as the contract asks of the whole flow.
let razorpay: RazorpayStandIn;
beforeAll(async () => {
  razorpay = await startRazorpayStandIn();
});
afterAll(async () => {
  await razorpay?.close();
});

describe.each(['embedded', 'PostgreSQL'] as const)(
  'paying with Razorpay Checkout, in the browser, on the %s database',
  (database) => {
    let app: RunningApp;
    let browser: Browser;
    let dropDatabase: (() => Promise<void>) | undefined;
    let booking: { bookingId: string; path: string; amount: string };

    beforeAll(async () => {
      const postgres = database === 'PostgreSQL' ? await freshPostgresDatabase() : undefined;
      dropDatabase = postgres?.drop;
      app = await startApp({
        env: {
          PAYMENT_GATEWAY: 'razorpay',
          RAZORPAY_KEY_ID: razorpay.keyId,
          RAZORPAY_KEY_SECRET: razorpay.keySecret,
          RAZORPAY_WEBHOOK_SECRET: razorpay.webhookSecret,
          RAZORPAY_API_URL: razorpay.url,
          RAZORPAY_CHECKOUT_URL: razorpay.checkoutUrl,
          CINEMA_NAME: 'Marquee Razorpay',
          ...(postgres ? { DATABASE_URL: postgres.url } : {}),
        },
      });
      browser = await openBrowser({ baseURL: app.baseURL });
    }, 120_000);
    afterAll(async () => {
      const errors = browser?.errors ?? [];
      await browser?.close();
      await app?.close();
      await dropDatabase?.();
      if (errors.length) throw new Error(`Uncaught errors in the browser: ${errors.join('; ')}`);
    });
    useApp(() => app.baseURL);

    beforeAll(async () => {
      const { page } = browser;
      await page.goto('/');
      const account = await signUpInPage(page);
      const { shows } = (await (await fetch(`${app.baseURL}/api/shows`)).json()) as { shows: Show[] };
      const show = shows.find(
        (s) => s.status === 'active' && Date.parse(s.startsAt) > Date.now() + 3_600_000,
      )!;
      const answer = await bookInPage(page, show._id, ['H1', 'H2']);
      booking = {
        bookingId: answer.bookingId,
        path: paymentPath(answer),
        amount: `₹${answer.booking.amount.toLocaleString('en-IN')}`,
      };
      expect(answer.url.startsWith(`${app.baseURL}/pay/`)).toBe(true);
      expect(account.email).toContain('@');
    });

    const status = () =>
      browser.page.evaluate(
        (id) =>
          fetch(`/api/bookings/${id}`)
            .then((r) => r.json() as Promise<{ booking: { status: string } }>)
            .then((b) => b.booking.status),
        booking.bookingId,
      );

    it('keeps the hold when the buyer closes Checkout', async () => {
      const { page } = browser;
      await page.goto(booking.path);
      // The app's own page, not the sandbox's test note.
      await page.getByRole('heading', { name: 'Payment' }).waitFor();
      expect(await page.getByRole('note', { name: 'Test payment' }).count()).toBe(0);
      await page.getByRole('button', { name: /^Pay ₹/ }).click();
      const checkout = page.getByRole('dialog', { name: 'Razorpay Checkout' });
      await checkout.waitFor();
      // Checkout opens with the cinema's name, the amount in paise and the buyer prefilled.
      await checkout.getByText(/^Marquee Razorpay: \d+\.00 INR$/).waitFor();
      await checkout.getByText(/^Paying as Test Viewer </).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await checkout.getByRole('button', { name: 'Close' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'Payment not completed. Your seats stay held until the time runs out.' })
        .waitFor();
      expect(await status()).toBe('pending');
    });

    it('says in words when the payment fails, and the hold stays', async () => {
      const { page } = browser;
      await page.getByRole('button', { name: /^Pay ₹/ }).click();
      const checkout = page.getByRole('dialog', { name: 'Razorpay Checkout' });
      await checkout.getByRole('button', { name: 'Fail payment' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'Payment failed: Your payment was declined by the bank. You can try again.' })
        .waitFor();
      await checkout.getByRole('button', { name: 'Close' }).click();
      expect(await status()).toBe('pending');
    });

    it('pays through Checkout and reaches Paid', async () => {
      const { page } = browser;
      await page.getByRole('button', { name: /^Pay ₹/ }).click();
      await page
        .getByRole('dialog', { name: 'Razorpay Checkout' })
        .getByRole('button', { name: 'Pay', exact: true })
        .click();
      await page.waitForURL((url) => url.pathname === '/loading');
      expect(await status()).toBe('paid');
      // Captured at Razorpay by the app after it checked Checkout's signature.
      const orders = new Set(
        [...razorpay.orders.values()].filter((o) => o.notes.bookingId === booking.bookingId).map((o) => o.id),
      );
      const captured = [...razorpay.payments.values()].filter(
        (p) => p.status === 'captured' && p.order_id !== null && orders.has(p.order_id),
      );
      expect(captured).toHaveLength(1);
      expect(booking.amount).toMatch(/^₹/);
    });
  },
);
