import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../test/app.ts';
import { emailOutbox } from '../../db/schema.ts';

// The app's real pino logger, at its most talkative, writing into memory.
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'trace', stream: logStream } });
});
afterAll(() => t.close());

describe('the log', () => {
  it('never holds a password-reset token, however the link is followed', async () => {
    const email = `reset-logs-${Date.now()}@example.com`;
    await signUp(t.app, { email, password: 'old-password-1' });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email, redirectTo: '/reset-password' },
    });
    expect(asked.statusCode).toBe(200);
    const [row] = await t.testDb.database.db
      .select({ key: emailOutbox.dedupeKey })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'password-reset'));
    const token = row!.key.replace('password-reset:', '');
    expect(token.length).toBeGreaterThanOrEqual(20);

    logLines.length = 0;
    // The emailed link (the app's page), better-auth's own link form, and the form's answer.
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${token}` });
    await t.app.inject({
      method: 'GET',
      url: `/api/auth/reset-password/${token}?callbackURL=%2Freset-password`,
    });
    await t.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?callbackURL=${encodeURIComponent(`/x?token=${token}`)}`,
    });
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/auth/reset-password?token=${token}`,
      payload: { newPassword: 'new-password-2', token },
    });
    expect(reset.statusCode).toBe(200);
    // Other secrets that ride in addresses: an OAuth code and state, a short token.
    await t.app.inject({ method: 'GET', url: '/api/auth/callback/oidc?code=short-code-1&state=st4te' });
    await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=abc123' });

    const log = logLines.join('');
    // The requests were logged, with their paths, and without the secrets.
    expect(log).toContain('"url":"/reset-password?token=[redacted]"');
    expect(log).toContain('"url":"/api/auth/reset-password/[redacted]?callbackURL=%2Freset-password"');
    expect(log).toContain('"url":"/api/auth/callback/oidc?code=[redacted]&state=[redacted]"');
    for (const secret of [token, 'short-code-1', 'st4te', 'abc123']) expect(log).not.toContain(secret);
  });
});
