import type { Settings } from '@marquee/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { auditLog, settings, users } from '../../db/schema.ts';
import { readSettings } from './store.ts';

let t: TestApp;
let admin: SignedIn;
let staff: SignedIn;
let buyer: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: { CINEMA_NAME: 'Roxy Talkies', CINEMA_ADDRESS: '1 MG Road, Pune' } });
  const { db } = t.testDb.database;
  admin = await signUp(t.app, { name: 'Admin' });
  staff = await signUp(t.app, { name: 'Staff' });
  buyer = await signUp(t.app, { name: 'Buyer' });
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  await db.update(users).set({ role: 'staff' }).where(eq(users.id, staff.userId));
});
afterAll(() => t.close());

const get = (who?: SignedIn) =>
  t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: who?.bearer });
const put = (payload: unknown, who: SignedIn = admin) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: who.bearer,
    payload: payload as object,
  });
const current = async () => (await get(admin)).json<{ settings: Settings }>().settings;

describe('GET /api/admin/settings', () => {
  it('answers the CINEMA_* seed and the contract’s tax defaults', async () => {
    const response = await get(admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      settings: {
        cinema: { name: 'Roxy Talkies', address: '1 MG Road, Pune', sac: '9996', gstin: '' },
        tax: {
          ticketSlabs: [
            { upTo: 100, rate: 5 },
            { upTo: null, rate: 18 },
          ],
          foodRate: 5,
          invoicePrefix: 'MQ',
        },
      },
    });
  });

  it('is for admins only', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await get(staff)).json()).toEqual({ success: false, message: 'Not authorized' });
    expect((await get(buyer)).statusCode).toBe(403);
    expect((await put({ cinema: { name: 'X' } }, staff)).statusCode).toBe(403);
  });
});

describe('PUT /api/admin/settings', () => {
  it('changes any part, upper-cases a GSTIN, answers the whole settings and audits the change', async () => {
    const response = await put({
      cinema: { gstin: '27aapfu0939f1zv', stateCode: '27', legalName: 'Roxy Pvt Ltd' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ settings: Settings }>();
    expect(body.settings.cinema).toMatchObject({
      name: 'Roxy Talkies',
      gstin: '27AAPFU0939F1ZV',
      stateCode: '27',
      legalName: 'Roxy Pvt Ltd',
    });
    expect(body.settings.tax.invoicePrefix).toBe('MQ');
    const audit = await t.testDb.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.update'));
    expect(audit.at(-1)).toMatchObject({
      actorId: admin.userId,
      details: { changed: { 'cinema.gstin': { from: '', to: '27AAPFU0939F1ZV' } } },
    });
  });

  it('takes new slabs and rates', async () => {
    const response = await put({
      tax: {
        ticketSlabs: [
          { upTo: 150, rate: 12 },
          { upTo: null, rate: 18 },
        ],
        foodRate: 12.5,
      },
    });
    expect(response.statusCode).toBe(200);
    expect((await current()).tax).toEqual({
      ticketSlabs: [
        { upTo: 150, rate: 12 },
        { upTo: null, rate: 18 },
      ],
      foodRate: 12.5,
      invoicePrefix: 'MQ',
    });
  });

  it.each([
    [{ cinema: { colour: 'red' } }, 'Unknown setting: cinema.colour'],
    [{ theme: {} }, 'Unknown setting: theme'],
    [{ cinema: { gstin: '27AAPFU0939F1ZW' } }, 'cinema.gstin: Please enter a valid GSTIN'],
    [{ cinema: { gstin: '29AAGCB7383J1Z4' } }, 'cinema.gstin: The GSTIN must begin with the state code'],
    [{ cinema: { stateCode: '40' } }, 'cinema.stateCode: State code must be a GST state code such as 29'],
    [{ cinema: { name: '' } }, 'cinema.name: Name is required'],
    [{ cinema: { sac: 'abc' } }, 'cinema.sac: SAC must be 4 to 8 digits'],
    [{ tax: { foodRate: 101 } }, 'tax.foodRate: foodRate must be from 0 to 100'],
    [{ tax: { foodRate: '5' } }, 'tax.foodRate: foodRate must be a number'],
    [
      { tax: { ticketSlabs: [{ upTo: 100, rate: 5 }] } },
      'tax.ticketSlabs: ticketSlabs: the last slab must have upTo null',
    ],
    [
      {
        tax: {
          ticketSlabs: [
            { upTo: 200, rate: 5 },
            { upTo: 100, rate: 12 },
            { upTo: null, rate: 18 },
          ],
        },
      },
      'tax.ticketSlabs: ticketSlabs: each upTo must be higher than the one before',
    ],
    [
      { tax: { ticketSlabs: [{ upTo: null, rate: 5, extra: 1 }] } },
      'Unknown setting: tax.ticketSlabs.0.extra',
    ],
    [
      { tax: { invoicePrefix: 'TOOLONG' } },
      'tax.invoicePrefix: Invoice prefix must be 1 to 5 capital letters or digits',
    ],
    [[1, 2], 'Settings must be an object'],
  ])('refuses %j with 400 naming the problem, and changes nothing', async (payload, message) => {
    const before = await current();
    // a valid key beside the bad one is not applied either
    const body = Array.isArray(payload)
      ? payload
      : { ...payload, cinema: { hours: 'Never', ...(payload as { cinema?: object }).cinema } };
    const response = await put(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message });
    expect(await current()).toEqual(before);
  });

  it('is read from the database by every process: a change written elsewhere applies at once', async () => {
    const { db } = t.testDb.database;
    const [row] = await db.select().from(settings).where(eq(settings.key, 'tax'));
    await db
      .update(settings)
      .set({ value: { ...row!.value, invoicePrefix: 'RX' } })
      .where(eq(settings.key, 'tax'));
    expect((await current()).tax.invoicePrefix).toBe('RX');
    expect((await readSettings(db)).tax.invoicePrefix).toBe('RX');
  });

  it('shows a change of the cinema at once where buyers see it (/api/config)', async () => {
    expect(
      (await put({ cinema: { name: 'Roxy Talkies', address: '2 FC Road, Pune', phone: '' } })).statusCode,
    ).toBe(200);
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json<{
      cinemaName: string;
      cinema: { name: string; address: string | null; phone: string | null };
    }>();
    expect(config.cinemaName).toBe('Roxy Talkies');
    expect(config.cinema).toMatchObject({ name: 'Roxy Talkies', address: '2 FC Road, Pune', phone: null });
  });

  it('loses no key when admins change different keys at once', async () => {
    for (let round = 1; round <= 5; round++) {
      const answers = await Promise.all([
        put({ cinema: { phone: `phone ${round}` } }),
        put({ cinema: { hours: `hours ${round}` } }),
        put({ tax: { foodRate: round } }),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      const now = await current();
      expect([now.cinema.phone, now.cinema.hours, now.tax.foodRate]).toEqual([
        `phone ${round}`,
        `hours ${round}`,
        round,
      ]);
    }
  });

  it('keeps the cinema section over a restart: CINEMA_* only seed the first start', async () => {
    const again = await createTestApp({ testDb: t.testDb, env: { CINEMA_NAME: 'Another Name' } });
    try {
      const response = await again.app.inject({
        method: 'GET',
        url: '/api/admin/settings',
        headers: admin.bearer,
      });
      expect(response.json<{ settings: Settings }>().settings.cinema.name).toBe('Roxy Talkies');
    } finally {
      await again.app.close();
    }
  });
});
