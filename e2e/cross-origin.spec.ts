import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Show } from '@marquee/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from './accounts.ts';
import { adminAccount } from './admin-account.ts';
import { startApp, type RunningApp } from './app-server.ts';
import { openTestBrowser } from './browser.ts';

/** A site on another port of the same host: the same "site" for SameSite cookies, another origin. */
async function serveOtherOrigin(pages: Record<string, string>) {
  const server = http.createServer((request, response) => {
    const page = pages[request.url ?? ''];
    response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      // The browser keeps its connection alive; close would otherwise wait for it.
      server.closeAllConnections();
    });
  return { origin, close };
}

const blank = '<!doctype html><title>Another app</title><h1>Another app</h1>';

describe('requests from other origins', () => {
  let app: RunningApp;
  let allowed: Awaited<ReturnType<typeof serveOtherOrigin>>;
  let other: Awaited<ReturnType<typeof serveOtherOrigin>>;
  let show: Show;

  beforeAll(async () => {
    allowed = await serveOtherOrigin({ '/': blank });
    other = await serveOtherOrigin({ '/': blank });
    app = await startApp({
      env: {
        CORS_ORIGINS: allowed.origin,
        ADMIN_EMAIL: adminAccount.email,
        ADMIN_PASSWORD: adminAccount.password,
      },
    });
    const { shows } = (await (await fetch(`${app.baseURL}/api/shows`)).json()) as { shows: Show[] };
    show = shows.find(
      (candidate) => candidate.status === 'active' && Date.parse(candidate.startsAt) > Date.now() + 3_600_000,
    )!;
    // A second app of our own (CORS_ORIGINS set): starting it takes a while on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await allowed?.close();
    await other?.close();
  });

  const showStatus = async () => {
    const { shows } = (await (await fetch(`${app.baseURL}/api/shows`)).json()) as { shows: Show[] };
    return shows.find((candidate) => candidate._id === show._id)?.status;
  };

  it("a form on another origin of the same site cannot cancel a show with the admin's cookie", async () => {
    const { page } = await openTestBrowser({ baseURL: app.baseURL });
    await page.goto('/');
    const signedIn = await page.evaluate(
      (body) =>
        fetch('/api/auth/sign-in/email', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((response) => response.status),
      { email: adminAccount.email, password: adminAccount.password },
    );
    expect(signedIn).toBe(200);

    // The attack: an auto-submitting form, text/plain and an empty body, as a real attacker sends it.
    const attack = await serveOtherOrigin({
      '/': `<!doctype html><title>Win a prize</title>
        <form method="post" enctype="text/plain" action="${app.baseURL}/api/shows/${show._id}/cancel"></form>
        <script>document.forms[0].submit()</script>`,
    });
    try {
      const answer = page.waitForResponse((response) => response.url().endsWith('/cancel'), {
        timeout: 20_000,
      });
      await page.goto(attack.origin);
      const response = await answer;
      expect(response.status()).toBe(403);
      // What the admin's browser shows: the refusal, not "Show cancelled".
      await expect
        .poll(() => page.locator('body').innerText(), { timeout: 10_000 })
        .toContain('Cross-site request refused');
    } finally {
      await attack.close();
    }
    expect(await showStatus()).toBe('active');
  });

  it('a page on an allowed origin signs up and books with credentials; a page on another origin cannot call at all', async () => {
    const { page } = await openTestBrowser({ baseURL: allowed.origin });
    const callApi = (api: string, showId: string, account: ReturnType<typeof newAccount>) =>
      page.evaluate(
        async ({ api, showId, account }) => {
          const call = async (path: string, init: RequestInit = {}) => {
            const response = await fetch(`${api}${path}`, {
              credentials: 'include',
              ...init,
              headers: { 'content-type': 'application/json' },
            });
            return { status: response.status, body: (await response.json()) as Record<string, unknown> };
          };
          try {
            const signUp = await call('/api/auth/sign-up/email', {
              method: 'POST',
              body: JSON.stringify(account),
            });
            const booking = await call('/api/bookings/create', {
              method: 'POST',
              body: JSON.stringify({ showId, selectedSeats: ['A1'] }),
            });
            const mine = await call('/api/bookings/user');
            return { signUp: signUp.status, booking: booking.status, mine: mine.body, error: null };
          } catch (error) {
            return { error: String(error) };
          }
        },
        { api, showId, account },
      );

    await page.goto(allowed.origin);
    const fromAllowed = await callApi(app.baseURL, show._id, newAccount('Kiosk Buyer'));
    expect(fromAllowed).toMatchObject({ error: null, signUp: 200, booking: 200 });
    expect(JSON.stringify(fromAllowed.mine)).toContain('"A1"');

    await page.goto(other.origin);
    const fromOther = await callApi(app.baseURL, show._id, newAccount('Other Buyer'));
    expect(fromOther.error).toMatch(/Failed to fetch/);
  });
});
