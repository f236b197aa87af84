import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { startOidcProvider, type TestOidcProvider } from '../../../test/oidc-provider.ts';

/** A tiny browser: follows redirects by hand and keeps each host's cookies, as a person's would. */
class CookieJar {
  private readonly jars = new Map<string, Map<string, string>>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const { host } = new URL(url);
    const jar = this.jars.get(host) ?? new Map<string, string>();
    this.jars.set(host, jar);
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair!.indexOf('=');
      jar.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
    return response;
  }

  /** GETs `url` and every redirect after it; returns the last answer and its address. */
  async follow(url: string, init: RequestInit = {}): Promise<{ response: Response; url: string }> {
    let response = await this.fetch(url, init);
    while (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get('location')!, url).toString();
      response = await this.fetch(url);
    }
    return { response, url };
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

let t: TestApp;
let provider: TestOidcProvider;
let appUrl: string;

beforeAll(async () => {
  const port = await freePort();
  appUrl = `http://127.0.0.1:${port}`;
  provider = await startOidcProvider({ redirectUri: `${appUrl}/api/auth/callback/oidc` });
  t = await createTestApp({
    env: {
      PUBLIC_URL: appUrl,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_PROVIDER_NAME: 'Test SSO',
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

/** Submits the provider's development form on `page` (login or consent) with `fields`. */
async function submitForm(
  browser: CookieJar,
  page: { response: Response; url: string },
  fields: Record<string, string>,
) {
  const html = await page.response.text();
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  expect(action, html).toBeTruthy();
  return browser.follow(new URL(action!, page.url).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

describe('sign-in with a hosted OpenID Connect provider', () => {
  it('offers the provider on the sign-in screen', async () => {
    const config = (await (await fetch(`${appUrl}/api/config`)).json()) as { signInProviders: unknown };
    expect(config.signInProviders).toEqual([{ id: 'oidc', name: 'Test SSO' }]);
  });

  it('runs the whole authorization-code flow with PKCE and signs the person in', async () => {
    const browser = new CookieJar();
    const start = await browser.fetch(`${appUrl}/api/auth/sign-in/social`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: appUrl },
      body: JSON.stringify({ provider: 'oidc', callbackURL: '/favourites' }),
    });
    expect(start.status).toBe(200);
    const { url } = (await start.json()) as { url: string };
    const authorize = new URL(url);
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toBeTruthy();

    const login = await browser.follow(url);
    expect(await login.response.clone().text()).toContain('name="login"');
    const consent = await submitForm(browser, login, {
      prompt: 'login',
      login: 'meera',
      password: 'anything',
    });
    const back = await submitForm(browser, consent, { prompt: 'consent' });
    // Back in the app, at the page the sign-in started from.
    expect(back.url).toBe(`${appUrl}/favourites`);

    const session = await browser.fetch(`${appUrl}/api/auth/get-session`);
    const { user } = (await session.json()) as { user: { email: string; name: string } };
    expect(user).toMatchObject({ email: 'meera@sso.example.com', name: 'SSO meera' });

    const favourites = await browser.fetch(`${appUrl}/api/user/favourites`);
    expect(favourites.status).toBe(200);
  });

  it('refuses a callback that did not start here (no state)', async () => {
    const browser = new CookieJar();
    const { url } = await browser.follow(`${appUrl}/api/auth/callback/oidc?code=forged&state=forged`);
    expect(url).toContain('error');
    const session = await browser.fetch(`${appUrl}/api/auth/get-session`);
    expect(((await session.json()) as { user: unknown }).user).toBeNull();
  });
});
