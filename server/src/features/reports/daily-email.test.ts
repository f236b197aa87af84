import { fromZonedParts, parseTimeOfDay } from '@marquee/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { openDatabase, type Database, type Db } from '../../db/client.ts';
import { emailOutbox, users } from '../../db/schema.ts';
import type { OutgoingEmail } from '../email/mailer.ts';
import { deliverDueEmails } from '../email/worker.ts';
import { queueDailyReportEmail } from './daily-email.ts';

// CONTRACT §14: settings.reports.dailyEmail emails the day's report once a day, from one process
// however many run, through the outbox.

let t: TestApp;
let admin: SignedIn;
let second: Database | null = null;
let dbs: Db[];
const day = '2031-03-14';
const at = (date: string, time: string) =>
  fromZonedParts(date, parseTimeOfDay(time)!, t.config.CINEMA_TIMEZONE);
const settingsPut = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin.bearer, payload });
const queued = async () =>
  t.testDb.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'daily-report'));

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t.app, { name: 'Admin' });
  await t.testDb.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  // A second app's connections on PostgreSQL (its own pool); PGlite is one process's database.
  if (t.testDb.url) second = await openDatabase({ databaseUrl: t.testDb.url, migrate: false, poolSize: 4 });
  dbs = [t.testDb.database.db, second?.db ?? t.testDb.database.db];
});
afterAll(async () => {
  await second?.close();
  await t.close();
});

describe('the daily report email', () => {
  it('is a settings section, checked, off by default', async () => {
    const read = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin.bearer });
    expect(read.json().settings.reports).toEqual({ dailyEmail: null });
    expect(
      await queueDailyReportEmail({ db: dbs[0]!, now: at(day, '23:59'), timeZone: t.config.CINEMA_TIMEZONE }),
    ).toBe('off');
    for (const [dailyEmail, words] of [
      [{ at: '25:00', to: ['a@example.com'] }, 'reports.dailyEmail.at'],
      [{ at: '23:30', to: ['not an address'] }, 'reports.dailyEmail.to'],
      [{ at: '23:30', to: [] }, 'reports.dailyEmail.to'],
      [{ at: '23:30', to: ['a@example.com'], cc: [] }, 'reports.dailyEmail.cc'],
    ] as const) {
      const response = await settingsPut({ reports: { dailyEmail } });
      expect(response.statusCode, JSON.stringify(dailyEmail)).toBe(400);
      expect(response.json().message).toContain(words);
    }
    const ok = await settingsPut({
      reports: { dailyEmail: { at: '23:30', to: ['Owner@Example.com', 'acc@example.com'] } },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().settings.reports.dailyEmail).toEqual({
      at: '23:30',
      to: ['owner@example.com', 'acc@example.com'],
    });
  });

  it('is not sent before its time, then once for the day however many processes ask at once', async () => {
    const timeZone = t.config.CINEMA_TIMEZONE;
    expect(await queueDailyReportEmail({ db: dbs[0]!, now: at(day, '23:29'), timeZone })).toBe('not-yet');
    expect(await queued()).toHaveLength(0);

    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        queueDailyReportEmail({ db: dbs[i % 2]!, now: at(day, '23:31'), timeZone }),
      ),
    );
    expect(outcomes.filter((o) => o === 'queued')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already-sent')).toHaveLength(7);
    // Later the same day, and just after midnight of the cinema's clock, still that one email.
    expect(await queueDailyReportEmail({ db: dbs[1]!, now: at(day, '23:59'), timeZone })).toBe(
      'already-sent',
    );
    expect(await queueDailyReportEmail({ db: dbs[1]!, now: at('2031-03-15', '00:05'), timeZone })).toBe(
      'not-yet',
    );
    expect(await queued()).toHaveLength(1);

    // The next day has its own.
    expect(await queueDailyReportEmail({ db: dbs[1]!, now: at('2031-03-15', '23:30'), timeZone })).toBe(
      'queued',
    );
    expect((await queued()).map((r) => r.dedupeKey).sort()).toEqual([
      'daily-report:2031-03-14',
      'daily-report:2031-03-15',
    ]);
  });

  it('goes out through the outbox to every address, with the report as CSV', async () => {
    const sent: OutgoingEmail[] = [];
    await deliverDueEmails({
      db: t.testDb.database.db,
      mailer: { send: async (email) => void sent.push(email), close: () => undefined },
      tickets: t.app.deps.tickets,
      brand: {
        cinema: 'Marquee',
        publicUrl: t.config.PUBLIC_URL,
        venue: { name: 'Marquee', address: '' } as never,
      },
      timeZone: t.config.CINEMA_TIMEZONE,
      now: at('2031-03-16', '00:00'),
    });
    const reports = sent.filter((e) => e.subject.includes('daily report'));
    expect(reports).toHaveLength(2);
    expect(reports[0]!.to).toBe('owner@example.com, acc@example.com');
    expect(reports[0]!.subject).toContain('2031-03-14');
    const csv = reports[0]!.attachments![0]!;
    expect(csv.filename).toBe('daily-report-2031-03-14.csv');
    expect(csv.content.toString('utf8')).toContain(
      'Film,Screen,Time,Class,Price,Online,Counter,Comps,Tickets,Gross,GST,Net',
    );
    expect((await queued()).every((r) => r.status === 'sent')).toBe(true);
  });
});
