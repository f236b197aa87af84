import type { Page } from 'playwright-core';
import { baseURL } from './browser.ts';

export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

/** A fresh account's details; every test makes its own so tests never share state. */
export function newAccount(name = 'Test Viewer'): TestAccount {
  return {
    name,
    email: `${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
    password: 'popcorn-1234',
  };
}

/** Creates the account from outside any browser, so the browser itself stays signed out. */
export async function createAccount(account = newAccount()): Promise<TestAccount> {
  const response = await fetch(`${baseURL()}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL() },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return account;
}

/** Signs up from inside the page, so its browser holds the session cookie (as after the form). */
export async function signUpInPage(page: Page, account = newAccount()): Promise<TestAccount> {
  if (!page.url().startsWith(baseURL())) await page.goto('/');
  const status = await page.evaluate(
    (body) =>
      fetch('/api/auth/sign-up/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.status),
    account,
  );
  if (status !== 200) throw new Error(`sign-up in the page failed: ${status}`);
  return account;
}

export interface SessionAnswer {
  user: { id: string; name: string; email: string; role?: string | null } | null;
}

/** What the server says about the page's session. */
export function sessionOf(page: Page): Promise<SessionAnswer> {
  return page.evaluate(() => fetch('/api/auth/get-session').then((r) => r.json() as Promise<SessionAnswer>));
}

/** The path and query of the page's address. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** True when the page is wider than the window (a sideways scroll on a phone). */
export function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}
