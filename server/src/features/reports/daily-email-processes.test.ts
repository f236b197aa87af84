import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { Cluster } from '../../../test/cluster.ts';
import { testDatabaseKind } from '../../../test/database.ts';

// CONTRACT §14: the daily report is emailed once a day however many processes run. Two server
// processes on one PostgreSQL, each checking on its own timer: one queues the email, the other finds
// the day taken.

let cluster: Cluster | undefined;
afterAll(async () => cluster?.close());

describe.runIf(testDatabaseKind === 'postgres')('the daily report email across two processes', () => {
  it('is queued once for the day, by one of them', { timeout: 240_000 }, async () => {
    cluster = await Cluster.create();
    const env = { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'correct-horse-9', LOG_LEVEL: 'debug' };
    const a = await cluster.start(env);
    const b = await cluster.start(env);
    const token = (
      await a.call('POST', '/api/auth/sign-in/email', {
        email: env.ADMIN_EMAIL,
        password: env.ADMIN_PASSWORD,
      })
    ).body.token as string;
    // Due from the start of the cinema's day, so due now.
    const saved = await b.call(
      'PUT',
      '/api/admin/settings',
      { reports: { dailyEmail: { at: '00:00', to: ['owner@example.com'] } } },
      token,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    // Each process checks every 15 s: wait until both have checked since (each says what it found).
    const outcomes = (output: string) =>
      [...output.matchAll(/daily report email (queued|already queued today)/g)].map((m) => m[1]);
    const deadline = Date.now() + 120_000;
    while ([a, b].some((p) => outcomes(p.server.output()).length === 0)) {
      if (Date.now() > deadline)
        throw new Error(`a process never checked:\n${b.server.output().slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const all = [a, b].flatMap((p) => outcomes(p.server.output()));
    expect(all.filter((o) => o === 'queued')).toHaveLength(1);

    const { db } = cluster.database.database;
    const count = async (query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    expect(await count(sql`select count(*)::int as n from email_outbox where kind = 'daily-report'`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from report_email_days`)).toBe(1);
    for (const p of [a, b]) expect((await p.server.stop()).code).toBe(0);
  });
});
