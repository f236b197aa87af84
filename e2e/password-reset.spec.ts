import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, sessionOf } from './accounts.ts';
import { freePort, startApp, type RunningApp } from './app-server.ts';
import { openTestBrowser } from './browser.ts';

// An app of its own that sends email through a real SMTP server on this machine.
let app: RunningApp;
let smtp: SMTPServer;
const mails: ParsedMail[] = [];

beforeAll(async () => {
  const port = await freePort();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  app = await startApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, EMAIL_POLL_MS: '200' } });
}, 90_000);
afterAll(async () => {
  await app?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function mailTo(address: string, deadline = Date.now() + 20_000): Promise<ParsedMail> {
  for (;;) {
    const mail = mails.find((m) => JSON.stringify(m.to).includes(address));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no email reached ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('password reset by email', () => {
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
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(/If that email has an account/).waitFor();

    const mail = await mailTo(account.email);
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
});
