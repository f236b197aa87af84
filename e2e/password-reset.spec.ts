import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, sessionOf } from './accounts.ts';
import { freshPostgresDatabase, startApp, type RunningApp } from './app-server.ts';
import { openTestBrowser } from './browser.ts';
import { localSmtp } from './local-smtp.ts';

// On each database, an app of its own that sends email through a real SMTP server on this machine.
describe.each(['embedded', 'PostgreSQL'] as const)(
  'password reset by email on the %s database',
  (database) => {
    const smtp = localSmtp();
    let app: RunningApp;
    let dropDatabase: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      const postgres = database === 'PostgreSQL' ? await freshPostgresDatabase() : undefined;
      dropDatabase = postgres?.drop;
      app = await startApp({
        env: {
          SMTP_URL: smtp.url(),
          EMAIL_POLL_MS: '200',
          ...(postgres ? { DATABASE_URL: postgres.url } : {}),
        },
      });
    }, 120_000);
    afterAll(async () => {
      await app?.close();
      await dropDatabase?.();
    });

    it('Forgot password? sends a link; the new password works and signs the account out elsewhere', async () => {
      const account = newAccount('Forgetful Viewer');
      const signUp = await fetch(`${app.baseURL}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: app.baseURL },
        body: JSON.stringify(account),
      });
      expect(signUp.status).toBe(200);

      // Signed in on another device.
      const other = await openTestBrowser({ baseURL: app.baseURL });
      await other.page.goto('/sign-in');
      await other.page.getByLabel('Email').fill(account.email);
      await other.page.getByLabel('Password').fill(account.password);
      await other.page.getByRole('button', { name: 'Sign In' }).click();
      await other.page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
      expect((await sessionOf(other.page)).user?.email).toBe(account.email);

      const { page } = await openTestBrowser({ baseURL: app.baseURL, viewport: { width: 360, height: 780 } });
      await page.goto('/sign-in');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      // The sign-in form has an Email field too: fill the reset form's, once its page is there.
      await page.getByRole('heading', { name: 'Forgot password?' }).waitFor();
      await page.getByLabel('Email').fill(account.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText(/If that email has an account/).waitFor();

      const mail = await smtp.mailTo(account.email);
      expect(mail.subject).toMatch(/^Reset your .+ password$/);
      const link = /(http\S+\/reset-password\?token=[\w-]+)/.exec(mail.text ?? '')![1]!;
      expect(mail.html).toContain(link);
      await page.goto(link);
      await page.getByLabel('New password').fill('a-brand-new-one-77');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByText('Your password has been changed').waitFor();

      // The same link does not work twice.
      await page.goto(link);
      await page.getByLabel('New password').fill('yet-another-one-88');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByText(/expired or was already used/).waitFor();

      // The other device is signed out; the new password signs in.
      expect((await sessionOf(other.page)).user).toBeNull();
      await page.goto('/sign-in');
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password').fill('a-brand-new-one-77');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
      expect((await sessionOf(page)).user?.email).toBe(account.email);
    }, 120_000);
  },
);
