import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { testDatabaseKind } from '../../../test/database.ts';
import { auditLog, users } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, who: SignedIn | null, payload?: object) =>
  t.app.inject({ method, url, headers: who?.bearer ?? {}, ...(payload ? { payload } : {}) });

async function makeAdmin(name: string) {
  const person = await signUp(t.app, { name });
  await t.testDb.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, person.userId));
  return person;
}

const roleOf = async (userId: string) =>
  (await t.testDb.database.db.select({ role: users.role }).from(users).where(eq(users.id, userId)))[0]!.role;

describe("better-auth's own admin endpoints", () => {
  it('are not served, however the address is written: nothing changes, nothing goes unaudited', async () => {
    const admin = await makeAdmin('Only Admin');
    const other = await makeAdmin('Other Admin');
    const guest = await signUp(t.app, { name: 'Guest', email: 'guest-admin-endpoints@example.com' });
    const attempts: [method: 'GET' | 'POST', url: string, body?: object][] = [
      ['POST', '/api/auth/admin/update-user', { userId: admin.userId, data: { role: 'user' } }],
      ['POST', '/api/auth/admin/set-user-password', { userId: other.userId, newPassword: 'taken-over-1' }],
      [
        'POST',
        '/api/auth/admin/create-user',
        { email: 'planted@example.com', password: 'planted-pass-1', name: 'Planted', role: 'admin' },
      ],
      ['POST', '/api/auth/admin/ban-user', { userId: other.userId }],
      ['POST', '/api/auth/admin/unban-user', { userId: other.userId }],
      ['POST', '/api/auth/admin/impersonate-user', { userId: guest.userId }],
      ['POST', '/api/auth/admin/remove-user', { userId: other.userId }],
      ['POST', '/api/auth/admin/revoke-user-sessions', { userId: other.userId }],
      ['POST', '/api/auth/admin/list-user-sessions', { userId: other.userId }],
      ['POST', '/api/auth/admin/has-permission', { permissions: { user: ['ban'] } }],
      ['GET', '/api/auth/admin/list-users'],
      ['GET', `/api/auth/admin/get-user?id=${other.userId}`],
      // Other spellings of the same endpoints.
      ['POST', '/api/auth/admin/ban-user/', { userId: other.userId }],
      ['POST', '/api/auth/admin/ban-user?x=1', { userId: other.userId }],
      ['GET', '/api/auth/admin/set-role'],
    ];
    for (const [method, url, body] of attempts) {
      const answer = await call(method, url, admin, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(answer.json(), `${method} ${url}`).toMatchObject({ success: false });
    }
    // A spelling the routers would read another way is refused before any route (request-target.ts).
    const doubled = await call('POST', '/api/auth/admin//ban-user', admin, { userId: other.userId });
    expect(doubled.statusCode).toBe(400);
    expect(await roleOf(admin.userId)).toBe('admin');
    expect(await roleOf(other.userId)).toBe('admin');
    const { db } = t.testDb.database;
    const [otherRow] = await db
      .select({ banned: users.banned })
      .from(users)
      .where(eq(users.id, other.userId));
    expect(otherRow!.banned).toBeFalsy();
    expect(await db.select().from(users).where(eq(users.email, 'planted@example.com'))).toHaveLength(0);
    // The other admin's password and sessions are theirs still.
    expect((await call('GET', '/api/admin/is-admin', other)).json().isAdmin).toBe(true);
  });

  it('a role cannot be given at sign-up or through update-user', async () => {
    const signUpAnswer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Sneaky', email: 'sneaky@example.com', password: 'sneaky-pass-1', role: 'admin' },
    });
    expect(signUpAnswer.statusCode).toBeLessThan(500);
    const person = await signUp(t.app, { name: 'Climber' });
    const update = await call('POST', '/api/auth/update-user', person, { name: 'Climber', role: 'admin' });
    expect(update.statusCode).toBeLessThan(500);
    expect(await roleOf(person.userId)).toBe('user');
    const [sneaky] = await t.testDb.database.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.email, 'sneaky@example.com'));
    expect(sneaky?.role ?? 'user').toBe('user');
  });
});

describe('POST /api/auth/admin/set-role keeps an admin', () => {
  it('two admins demoting each other at once: one is refused, and an admin remains', async () => {
    const { db } = t.testDb.database;
    // Only these two hold the admin role now.
    await db.update(users).set({ role: 'user' }).where(eq(users.role, 'admin'));
    const a = await makeAdmin('Admin A');
    const b = await makeAdmin('Admin B');
    const demote = (who: SignedIn, whom: SignedIn) =>
      call('POST', '/api/auth/admin/set-role', who, { userId: whom.userId, role: 'user' });

    let answers;
    if (testDatabaseKind === 'postgres') {
      // Both demotions are made to wait on a lock another connection holds on the two rows, then
      // let go together: they run at the same moment on two connections.
      const blocker = new pg.Client({ connectionString: t.testDb.url });
      await blocker.connect();
      try {
        await blocker.query('begin');
        await blocker.query('select id from users where id = any($1) for share', [[a.userId, b.userId]]);
        const both = Promise.all([demote(a, b), demote(b, a)]);
        await expect
          .poll(
            async () =>
              // pg_stat_clear_snapshot: the view is read once per transaction otherwise.
              (
                await blocker.query<{ waiting: number }>(
                  `select pg_stat_clear_snapshot(), count(*)::int as waiting from pg_stat_activity
                   where datname = current_database() and wait_event_type = 'Lock'`,
                )
              ).rows[0]!.waiting,
            { timeout: 10_000, interval: 20 },
          )
          .toBe(2);
        await blocker.query('commit');
        answers = await both;
      } finally {
        await blocker.end();
      }
    } else {
      answers = await Promise.all([demote(a, b), demote(b, a)]);
    }

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json()).toEqual({
      success: false,
      message: 'At least one admin must remain: make someone else an admin first',
    });
    const roles = [await roleOf(a.userId), await roleOf(b.userId)];
    expect(roles.sort()).toEqual(['admin', 'user']);
    // Only the change that happened is in the audit log.
    const audited = await db.select().from(auditLog).where(eq(auditLog.action, 'user.set-role'));
    expect(
      audited.filter((entry) => entry.entityId === a.userId || entry.entityId === b.userId),
    ).toHaveLength(1);
  });
});
