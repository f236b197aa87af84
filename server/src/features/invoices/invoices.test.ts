import {
  addDays,
  financialYear,
  layoutSchema,
  zonedDate,
  type Booking,
  type CreditNotesResponse,
  type GstReportResponse,
  type InvoiceResponse,
} from '@marquee/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { insertMovie, insertShow } from '../../fixtures/factories.ts';
import { bookings, creditNotes, invoices, payments, users } from '../../db/schema.ts';
import { recordRefund } from '../payments/record-refund.ts';
import { cancelShow } from '../programme/cancel-show.ts';
import { claimSerial } from './issue.ts';

// CONTRACT §10: a booking that becomes paid gets its tax invoice in the same transaction, numbered
// without gaps per financial year; a refund of it gets a credit note from its own series.

let t: TestApp;
let admin: SignedIn;
let buyers: SignedIn[];
let movieId: string;
let year: string;
const WINDOW_MS = 600_000;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.testDb.database;
  movieId = (await insertMovie(db, { title: 'Invoice Story' })).id;
  admin = await signUp(t.app, { name: 'Admin' });
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  buyers = await Promise.all(Array.from({ length: 4 }, (_, i) => signUp(t.app, { name: `Buyer ${i}` })));
  year = financialYear(t.clock.now, t.config.CINEMA_TIMEZONE);
});
afterAll(() => t.close());

const db = () => t.testDb.database.db;
let showOffset = 0;
async function newShow(pricePaise: number, startsInMs = 86_400_000) {
  const startsAt = new Date(t.clock.now.getTime() + startsInMs + ++showOffset * 60_000);
  return (await insertShow(db(), { movieId, startsAt, pricePaise })).id;
}
async function hold(showId: string, seats: string[], who = buyers[0]!) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/bookings/create',
    headers: who.bearer,
    payload: { showId, selectedSeats: seats },
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ bookingId: string; url: string; booking: Booking }>();
  expect(body.booking.invoiceNumber).toBeNull();
  expect((await bookingAnswer(body.bookingId, who)).gst).toBe(body.booking.gst);
  return { bookingId: body.bookingId, paymentId: body.url.split('/pay/')[1]!, who };
}
const pay = ({ paymentId, who }: { paymentId: string; who: SignedIn }) =>
  t.app.inject({ method: 'POST', url: `/api/payments/${paymentId}/sandbox-pay`, headers: who.bearer });
const bookingAnswer = async (bookingId: string, who = buyers[0]!) =>
  (await t.app.inject({ method: 'GET', url: `/api/bookings/${bookingId}`, headers: who.bearer })).json<{
    booking: Booking;
  }>().booking;
const invoiceOf = async (bookingId: string) =>
  (await db().select().from(invoices).where(eq(invoices.bookingId, bookingId)))[0];
const serials = async () =>
  (await db().select({ serial: invoices.serial }).from(invoices).orderBy(asc(invoices.serial))).map(
    (r) => r.serial,
  );
const setSlabs = (ticketSlabs: { upTo: number | null; rate: number }[]) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: admin.bearer,
    payload: { tax: { ticketSlabs } },
  });
const contiguous = (list: number[]) => list.every((s, i) => s === i + 1);

describe('the invoice of a paid booking', () => {
  it('taxes a ₹100 ticket at 5 % and a ₹101 ticket at 18 %, to the paisa, and numbers from 1', async () => {
    const cheap = await hold(await newShow(10_000), ['A1', 'A2']);
    expect((await pay(cheap)).json()).toMatchObject({ success: true });
    const first = await invoiceOf(cheap.bookingId);
    expect(first).toMatchObject({
      number: `MQ${year}-000001`,
      serial: 1,
      financialYear: year,
      totalPaise: 20_000,
    });
    expect(first!.lines).toEqual([
      expect.objectContaining({
        unitPrice: 10_000,
        rate: 5,
        taxableValue: 9524,
        cgst: 238,
        sgst: 238,
        total: 10_000,
      }),
      expect.objectContaining({
        unitPrice: 10_000,
        rate: 5,
        taxableValue: 9524,
        cgst: 238,
        sgst: 238,
        total: 10_000,
      }),
    ]);
    expect(first!.lines[0]!.description).toMatch(/^Admission: Invoice Story, .+, seat A1$/);
    expect(first!.lines[0]!.sac).toBe('9996');
    expect((await bookingAnswer(cheap.bookingId)).invoiceNumber).toBe(`MQ${year}-000001`);
    // The booking says the GST its amount includes, by the same rule (4.76 a ticket).
    expect((await bookingAnswer(cheap.bookingId)).gst).toBe(9.52);

    const dear = await hold(await newShow(10_100), ['B1']);
    await pay(dear);
    expect(await invoiceOf(dear.bookingId)).toMatchObject({
      number: `MQ${year}-000002`,
      taxablePaise: 8559,
      cgstPaise: 770,
      sgstPaise: 771,
      totalPaise: 10_100,
    });
  });

  it('taxes each seat of a hold at its own class price: a ₹100 seat at 5 %, a ₹200 one at 18 %', async () => {
    const standard = { class: 'Standard', kind: 'seat' as const };
    const recliner = { class: 'Recliner', kind: 'seat' as const };
    const show = await insertShow(db(), {
      movieId,
      startsAt: new Date(t.clock.now.getTime() + 86_400_000 + ++showOffset * 60_000),
      layout: layoutSchema.parse({
        rows: [{ seats: [standard, standard] }, { seats: [recliner, recliner] }],
      }),
      prices: { Standard: 10_000, Recliner: 20_000 },
    });
    const mixed = await hold(show.id, ['A1', 'B1']);
    // 476 paise on the ₹100 seat and 3051 on the ₹200 one; an even split of the ₹300 (₹150 each,
    // both at 18 %) would say 4576.
    expect((await bookingAnswer(mixed.bookingId)).gst).toBe(35.27);
  });

  it('uses the rates in force when the hold was made, not when it is paid', async () => {
    const showId = await newShow(15_000);
    const before = await hold(showId, ['C1']);
    expect(
      (
        await setSlabs([
          { upTo: 200, rate: 5 },
          { upTo: null, rate: 18 },
        ])
      ).statusCode,
    ).toBe(200);
    const after = await hold(showId, ['C2'], buyers[1]);
    await pay(before);
    await pay(after);
    expect((await invoiceOf(before.bookingId))!.lines[0]!.rate).toBe(18);
    expect((await invoiceOf(after.bookingId))!.lines[0]!.rate).toBe(5);
    await setSlabs([
      { upTo: 100, rate: 5 },
      { upTo: null, rate: 18 },
    ]);
  });

  it('takes no serial for what is not paid: an open hold, a lapsed one, a late payment refunded', async () => {
    const count = (await serials()).length;
    const showId = await newShow(20_000);
    const open = await hold(showId, ['D1']);
    const lapsed = await hold(showId, ['D2'], buyers[1]);
    const taken = await hold(showId, ['D3'], buyers[2]);
    t.clock.now = new Date(t.clock.now.getTime() + WINDOW_MS + 1_000);
    try {
      // D3 is taken by someone else after the window: the late payment is refunded, not invoiced.
      await hold(showId, ['D3'], buyers[3]);
      const late = await pay(taken);
      expect(late.json()).toMatchObject({ success: false });
      expect(await invoiceOf(taken.bookingId)).toBeUndefined();
      expect(await invoiceOf(open.bookingId)).toBeUndefined();
      expect(await invoiceOf(lapsed.bookingId)).toBeUndefined();
      expect((await bookingAnswer(lapsed.bookingId, buyers[1])).invoiceNumber).toBeNull();
      expect((await serials()).length).toBe(count);
      // The next paid booking takes the next serial: no gap.
      const next = await hold(await newShow(20_000), ['E1']);
      await pay(next);
      const list = await serials();
      expect(list.length).toBe(count + 1);
      expect(contiguous(list)).toBe(true);
    } finally {
      t.clock.now = new Date(t.clock.now.getTime() - WINDOW_MS - 1_000);
    }
  });

  it('gives a serial back when its transaction rolls back', async () => {
    const before = await claimSerial(db(), 'invoice', 'test');
    await expect(
      db().transaction(async (tx) => {
        await claimSerial(tx, 'invoice', 'test');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await claimSerial(db(), 'invoice', 'test')).toBe(before + 1);
  });

  it('numbers 30 simultaneous payments 1 to 30 with no gap and no repeat', async () => {
    const showId = await newShow(25_000);
    const seats = Array.from({ length: 30 }, (_, i) => `${'FGH'[Math.floor(i / 12)]}${(i % 12) + 1}`);
    const people = await Promise.all(seats.map((_, i) => signUp(t.app, { name: `Rush ${i}` })));
    const holds = await Promise.all(seats.map((seat, i) => hold(showId, [seat], people[i])));
    const answers = await Promise.all(holds.map((h) => pay(h)));
    expect(answers.map((a) => a.statusCode)).toEqual(holds.map(() => 200));
    const list = await serials();
    expect(contiguous(list)).toBe(true);
    const numbers = await Promise.all(holds.map(async (h) => (await invoiceOf(h.bookingId))!.number));
    expect(new Set(numbers).size).toBe(30);
  });
});

describe('credit notes', () => {
  it('a cancelled paid booking gets a credit note for the whole refund, from its own series', async () => {
    const h = await hold(await newShow(10_100), ['A1', 'A2', 'A3']);
    await pay(h);
    const invoice = (await invoiceOf(h.bookingId))!;
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${h.bookingId}/cancel`,
      headers: h.who.bearer,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [note] = await db().select().from(creditNotes).where(eq(creditNotes.invoiceId, invoice.id));
    expect(note).toMatchObject({ number: `CN${year}-000001`, totalPaise: 30_300 });
    expect(note!.lines.map((l) => [l.total, l.rate, l.taxableValue, l.cgst, l.sgst])).toEqual(
      invoice.lines.map((l) => [l.total, l.rate, l.taxableValue, l.cgst, l.sgst]),
    );
  });

  it('a part refund scales the lines: each share floored, the remainder on the last line', async () => {
    const h = await hold(await newShow(10_000), ['B1', 'B2', 'B3']);
    await pay(h);
    const invoice = (await invoiceOf(h.bookingId))!;
    const [payment] = await db().select().from(payments).where(eq(payments.bookingId, h.bookingId));
    await db().transaction((tx) =>
      recordRefund(
        tx,
        {
          paymentId: payment!.id,
          gateway: payment!.gateway,
          paymentRef: payment!.gatewayRef,
          amountPaise: 10_000,
          reason: 'part',
        },
        t.clock.now,
      ),
    );
    const [note] = await db().select().from(creditNotes).where(eq(creditNotes.invoiceId, invoice.id));
    expect(note!.number).toBe(`CN${year}-000002`);
    expect(note!.lines.map((l) => l.total)).toEqual([3333, 3333, 3334]);
    // 3333 at 5 %: taxable round(3174.28…) = 3174, GST 159 → 79 + 80
    expect(note!.lines[0]).toMatchObject({ rate: 5, taxableValue: 3174, cgst: 79, sgst: 80 });
    expect(note!.totalPaise).toBe(10_000);
  });

  it('a show the cinema cancels credits every paid booking in full', async () => {
    const showId = await newShow(20_000);
    const a = await hold(showId, ['C1']);
    const b = await hold(showId, ['C2', 'C3'], buyers[1]);
    await pay(a);
    await pay(b);
    await cancelShow({
      db: db(),
      showId,
      actorId: admin.userId,
      now: t.clock.now,
      timeZone: t.config.CINEMA_TIMEZONE,
    });
    for (const h of [a, b]) {
      const invoice = (await invoiceOf(h.bookingId))!;
      const notes = await db().select().from(creditNotes).where(eq(creditNotes.invoiceId, invoice.id));
      expect(notes.map((n) => n.totalPaise)).toEqual([invoice.totalPaise]);
    }
    const cn = await db()
      .select({ serial: creditNotes.serial })
      .from(creditNotes)
      .orderBy(asc(creditNotes.serial));
    expect(contiguous(cn.map((r) => r.serial))).toBe(true);
    const [booking] = await db().select().from(bookings).where(eq(bookings.id, a.bookingId));
    expect(booking!.status).toBe('cancelled');
  });
});

describe('GET /api/bookings/{id}/invoice and the buyer’s GSTIN', () => {
  const getInvoice = (bookingId: string, who?: SignedIn) =>
    t.app.inject({ method: 'GET', url: `/api/bookings/${bookingId}/invoice`, headers: who?.bearer });

  it('answers the invoice in rupees with the seller, the buyer’s GSTIN and the credit notes', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.bearer,
      payload: {
        cinema: { legalName: 'Marquee Cinemas Pvt Ltd', gstin: '29AAGCB7383J1Z4', stateCode: '29' },
      },
    });
    const showId = await newShow(10_100);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/create',
      headers: buyers[2]!.bearer,
      payload: { showId, selectedSeats: ['G1', 'G2'], buyerGstin: '27aapfu0939f1zv' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { bookingId, url } = created.json<{ bookingId: string; url: string }>();
    const h = { bookingId, paymentId: url.split('/pay/')[1]!, who: buyers[2]! };

    const unpaid = await getInvoice(bookingId, buyers[2]);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toEqual({
      success: false,
      message: 'The invoice is issued once the booking is paid',
    });

    await pay(h);
    const response = await getInvoice(bookingId, buyers[2]);
    expect(response.statusCode, response.body).toBe(200);
    const { invoice } = response.json<{ invoice: Record<string, unknown> }>();
    expect(invoice).toMatchObject({
      number: expect.stringMatching(new RegExp(`^MQ${year}-\\d{6}$`)),
      seller: { legalName: 'Marquee Cinemas Pvt Ltd', gstin: '29AAGCB7383J1Z4', stateCode: '29' },
      buyer: { name: 'Buyer 2', gstin: '27AAPFU0939F1ZV' },
      totals: { taxableValue: 171.18, cgst: 15.4, sgst: 15.42, total: 202 },
      creditNotes: [],
    });
    expect((invoice.lines as unknown[])[0]).toMatchObject({
      sac: '9996',
      quantity: 1,
      unitPrice: 101,
      rate: 18,
      taxableValue: 85.59,
      cgst: 7.7,
      sgst: 7.71,
      total: 101,
    });

    // Staff and admins may read it; another buyer may not.
    expect((await getInvoice(bookingId, admin)).statusCode).toBe(200);
    expect((await getInvoice(bookingId, buyers[3])).statusCode).toBe(403);
    expect((await getInvoice(bookingId)).statusCode).toBe(401);
    expect((await getInvoice('3f1e9c0a-0000-4000-8000-000000000000', buyers[2])).statusCode).toBe(404);
    expect((await getInvoice('nope', buyers[2])).statusCode).toBe(404);

    await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${bookingId}/cancel`,
      headers: buyers[2]!.bearer,
    });
    const after = (await getInvoice(bookingId, buyers[2])).json<InvoiceResponse>();
    expect(after.invoice.creditNotes).toEqual([
      {
        number: expect.stringMatching(new RegExp(`^CN${year}-\\d{6}$`)),
        date: expect.any(String),
        total: 202,
      },
    ]);

    // The note itself, to print: the invoice's parties, its lines scaled to the refund, and why.
    const notes = (who?: SignedIn) =>
      t.app.inject({ method: 'GET', url: `/api/bookings/${bookingId}/credit-notes`, headers: who?.bearer });
    const answer = await notes(buyers[2]);
    expect(answer.statusCode, answer.body).toBe(200);
    const [note] = answer.json<CreditNotesResponse>().creditNotes;
    expect(note).toMatchObject({
      number: after.invoice.creditNotes[0]!.number,
      date: after.invoice.creditNotes[0]!.date,
      invoiceNumber: after.invoice.number,
      invoiceDate: after.invoice.date,
      seller: after.invoice.seller,
      buyer: after.invoice.buyer,
      reason: expect.any(String),
      totals: { total: 202 },
    });
    expect(note!.lines.map((line) => line.description)).toEqual(
      after.invoice.lines.map((l) => l.description),
    );
    const paise = (rupees: number) => Math.round(rupees * 100);
    expect(note!.lines.reduce((sum, line) => sum + paise(line.total), 0)).toBe(20_200);
    for (const line of note!.lines)
      expect(paise(line.taxableValue) + paise(line.cgst) + paise(line.sgst)).toBe(paise(line.total));
    expect((await notes(admin)).statusCode).toBe(200);
    expect((await notes(buyers[3])).statusCode).toBe(403);
    expect((await notes()).statusCode).toBe(401);
  });

  it('refuses a GSTIN without the right check character: 400 Please enter a valid GSTIN, nothing held', async () => {
    const showId = await newShow(10_000);
    for (const buyerGstin of ['27AAPFU0939F1ZW', '27AAPFU0939F1Z', 42]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/bookings/create',
        headers: buyers[3]!.bearer,
        payload: { showId, selectedSeats: ['H1'], buyerGstin },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message: 'Please enter a valid GSTIN' });
    }
    const held = await db().select().from(bookings).where(eq(bookings.showId, showId));
    expect(held).toEqual([]);
  });
});

describe('GET /api/admin/reports/gst', () => {
  const report = (query: string, who: SignedIn = admin) =>
    t.app.inject({ method: 'GET', url: `/api/admin/reports/gst?${query}`, headers: who.bearer });

  it('equals the sum of the invoices less the credit notes, per rate, in rupees, and as CSV', async () => {
    const today = zonedDate(t.clock.now, t.config.CINEMA_TIMEZONE);
    const range = `from=${addDays(today, -1)}&to=${addDays(today, 1)}`;
    const response = await report(range);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<GstReportResponse>();

    const allInvoices = await db().select().from(invoices);
    const allNotes = await db().select().from(creditNotes);
    const byRate = new Map<
      number,
      { total: number; cgst: number; invoices: Set<string>; notes: Set<string> }
    >();
    const add = (id: string, lines: { rate: number; total: number; cgst: number }[], sign: 1 | -1) => {
      for (const l of lines) {
        const entry = byRate.get(l.rate) ?? { total: 0, cgst: 0, invoices: new Set(), notes: new Set() };
        entry.total += sign * l.total;
        entry.cgst += sign * l.cgst;
        (sign === 1 ? entry.invoices : entry.notes).add(id);
        byRate.set(l.rate, entry);
      }
    };
    for (const i of allInvoices) add(i.id, i.lines, 1);
    for (const n of allNotes) add(n.id, n.lines, -1);
    expect(body.rates.map((r) => [r.rate, r.invoices, r.creditNotes, r.total, r.cgst])).toEqual(
      [...byRate.entries()]
        .sort(([a], [b]) => a - b)
        .map(([rate, e]) => [rate, e.invoices.size, e.notes.size, e.total / 100, e.cgst / 100]),
    );
    const net =
      allInvoices.reduce((s, i) => s + i.totalPaise, 0) - allNotes.reduce((s, n) => s + n.totalPaise, 0);
    expect(body.totals).toMatchObject({
      invoices: allInvoices.length,
      creditNotes: allNotes.length,
      total: net / 100,
    });
    expect(body.totals.taxableValue + body.totals.cgst + body.totals.sgst).toBeCloseTo(body.totals.total, 6);

    const csv = await report(`${range}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Rate (%),Invoices,Credit notes,Taxable value,CGST,SGST,Total');
    expect(lines.at(-1)).toBe(
      `Total,${allInvoices.length},${allNotes.length},${body.totals.taxableValue.toFixed(2)},${body.totals.cgst.toFixed(2)},${body.totals.sgst.toFixed(2)},${(net / 100).toFixed(2)}`,
    );

    // Days with no documents: zeros.
    const empty = (await report('from=2020-01-01&to=2020-01-31')).json<GstReportResponse>();
    expect(empty.rates).toEqual([]);
    expect(empty.totals).toEqual({
      invoices: 0,
      creditNotes: 0,
      taxableValue: 0,
      cgst: 0,
      sgst: 0,
      total: 0,
    });
  });

  it('is for admins, and names a bad range', async () => {
    expect((await report('from=2026-01-01&to=2026-01-02', buyers[0])).statusCode).toBe(403);
    for (const [query, message] of [
      ['to=2026-01-02', 'from is required (YYYY-MM-DD)'],
      ['from=2026-13-01&to=2026-01-02', 'from is a date YYYY-MM-DD'],
      ['from=2026-02-01&to=2026-01-02', 'from must not be after to'],
      ['from=2026-01-01&to=2026-01-02&format=pdf', 'format is json or csv'],
      // A financial year fits; two do not (every report reads a period, CONTRACT §14).
      ['from=2025-01-01&to=2026-12-01', 'A report covers at most 366 days'],
    ] as const) {
      const response = await report(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual({ success: false, message });
    }
  });
});

describe('GET /api/admin/reports/gst/register (the invoice register)', () => {
  const register = (query: string, who: SignedIn = admin) =>
    t.app.inject({ method: 'GET', url: `/api/admin/reports/gst/register?${query}`, headers: who.bearer });

  it('lists every invoice and credit note by SAC and rate, adding up to the GST report', async () => {
    const today = zonedDate(t.clock.now, t.config.CINEMA_TIMEZONE);
    const range = `from=${addDays(today, -1)}&to=${addDays(today, 1)}`;
    const response = await register(range);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="marquee-invoice-register-${addDays(today, -1)}-to-${addDays(today, 1)}.csv"`,
    );
    const [header, ...lines] = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toBe(
      `Type,Supply Type,Number,Date (${t.config.CINEMA_TIMEZONE}),Document Value (INR),Booking Reference,` +
        'Buyer,Buyer GSTIN,Place of Supply,Reverse Charge,Against Invoice,Against Invoice Date,' +
        'SAC,Rate (%),Taxable Value (INR),CGST (INR),SGST (INR),Total (INR)',
    );
    const rows = lines.map((line) => {
      const cells = line.split(',');
      const [
        kind,
        supply,
        number,
        date,
        value,
        reference,
        buyer,
        gstin,
        place,
        reverse,
        against,
        againstDate,
      ] = cells;
      const [sac, rate, taxable, cgst, sgst, total] = cells.slice(12);
      return {
        kind,
        supply,
        number,
        date,
        value: Number(value),
        reference,
        buyer,
        gstin,
        place,
        reverse,
        against,
        againstDate,
        sac,
        rate: Number(rate),
        taxable: Number(taxable),
        cgst: Number(cgst),
        sgst: Number(sgst),
        total: Number(total),
      };
    });

    // Every document of the days, and nothing else.
    const allInvoices = await db().select().from(invoices);
    const allNotes = await db().select().from(creditNotes);
    const numbers = (kind: string) =>
      [...new Set(rows.filter((r) => r.kind === kind).map((r) => r.number))].sort();
    expect(numbers('Invoice')).toEqual(allInvoices.map((i) => i.number).sort());
    expect(numbers('Credit note')).toEqual(allNotes.map((n) => n.number).sort());
    expect(allNotes.length).toBeGreaterThan(0);

    // Each line adds up, and the lines per rate, invoices less credit notes, are the report's.
    for (const row of rows) expect(row.taxable + row.cgst + row.sgst).toBeCloseTo(row.total, 6);
    // Each document's value is its own total, on every line of it, and its lines add up to it.
    for (const doc of [...allInvoices, ...allNotes]) {
      const own = rows.filter((r) => r.number === doc.number);
      expect(new Set(own.map((r) => r.value))).toEqual(new Set([doc.totalPaise / 100]));
      expect(Math.round(own.reduce((sum, r) => sum + r.total * 100, 0))).toBe(doc.totalPaise);
    }
    expect(new Set(rows.map((r) => r.reverse))).toEqual(new Set(['N']));
    const report = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/reports/gst?${range}`,
        headers: admin.bearer,
      })
    ).json<GstReportResponse>();
    for (const rate of report.rates) {
      const net = rows
        .filter((r) => r.rate === rate.rate)
        .reduce((sum, r) => sum + (r.kind === 'Invoice' ? 1 : -1) * Math.round(r.total * 100), 0);
      expect(net / 100, `rate ${rate.rate}`).toBe(rate.total);
    }

    // A B2B invoice carries its buyer's GSTIN; a credit note names the invoice it reduces.
    const b2b = allInvoices.find((i) => i.buyerGstin)!;
    expect(rows.find((r) => r.number === b2b.number)).toMatchObject({
      supply: 'B2B',
      gstin: b2b.buyerGstin,
      place: b2b.seller.stateCode,
      sac: '9996',
    });
    expect(rows.find((r) => r.number === allInvoices.find((i) => !i.buyerGstin)!.number)?.supply).toBe('B2C');
    const note = allNotes[0]!;
    const reduced = allInvoices.find((i) => i.id === note.invoiceId)!;
    expect(rows.find((r) => r.number === note.number)).toMatchObject({
      kind: 'Credit note',
      against: reduced.number,
      againstDate: zonedDate(reduced.issuedAt, t.config.CINEMA_TIMEZONE),
      date: zonedDate(note.issuedAt, t.config.CINEMA_TIMEZONE),
    });
    const [booked] = await db().select().from(bookings).where(eq(bookings.id, reduced.bookingId));
    expect(rows.find((r) => r.number === note.number)?.reference).toBe(booked!.reference);
  });

  it('is for admins, and covers at most 366 days', async () => {
    expect((await register('from=2026-01-01&to=2026-01-02', buyers[0])).statusCode).toBe(403);
    expect((await register('from=2026-04-01&to=2027-03-31')).statusCode).toBe(200);
    for (const [query, message] of [
      ['from=2026-01-01&to=2027-01-02', 'A report covers at most 366 days'],
      ['from=2026-02-01&to=2026-01-02', 'from must not be after to'],
      ['from=2026-01-01', 'to is required (YYYY-MM-DD)'],
    ] as const) {
      const response = await register(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual({ success: false, message });
    }
  });
});

describe('PUT /api/bookings/{id}/buyer-gstin (the payment page)', () => {
  const put = (bookingId: string, buyerGstin: unknown, who: SignedIn) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${bookingId}/buyer-gstin`,
      headers: who.bearer,
      payload: { buyerGstin },
    });

  it('sets the GSTIN the invoice prints while unpaid, and refuses it once paid', async () => {
    const h = await hold(await newShow(10_000), ['E5'], buyers[1]!);
    const bad = await put(h.bookingId, '29AAGCB7383J1Z5', buyers[1]!);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, message: 'Please enter a valid GSTIN' });
    expect((await put(h.bookingId, '29AAGCB7383J1Z4', buyers[2]!)).statusCode).toBe(403);
    const ok = await put(h.bookingId, '29aagcb7383j1z4', buyers[1]!);
    expect(ok.json()).toEqual({
      success: true,
      message: 'GSTIN saved',
      buyerGstin: '29AAGCB7383J1Z4',
      buyerLegalName: null,
    });
    // The business the GSTIN belongs to: kept with it, named on the invoice as the recipient.
    const named = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${h.bookingId}/buyer-gstin`,
      headers: buyers[1]!.bearer,
      payload: { buyerGstin: '29AAGCB7383J1Z4', buyerLegalName: '  Bengaluru Film Society  ' },
    });
    expect(named.json()).toMatchObject({
      buyerGstin: '29AAGCB7383J1Z4',
      buyerLegalName: 'Bengaluru Film Society',
    });
    await pay(h);
    expect(await invoiceOf(h.bookingId)).toMatchObject({
      buyerGstin: '29AAGCB7383J1Z4',
      buyerName: 'Bengaluru Film Society',
    });
    const late = await put(h.bookingId, '', buyers[1]!);
    expect(late.statusCode).toBe(409);
    expect((await invoiceOf(h.bookingId))!.buyerGstin).toBe('29AAGCB7383J1Z4');
  });

  it('keeps a business name only with a GSTIN, and names a bad one', async () => {
    const h = await hold(await newShow(10_000), ['E7'], buyers[1]!);
    const send = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/bookings/${h.bookingId}/buyer-gstin`,
        headers: buyers[1]!.bearer,
        payload,
      });
    const alone = await send({ buyerGstin: '', buyerLegalName: 'No GSTIN Pvt Ltd' });
    expect(alone.json()).toMatchObject({ buyerGstin: null, buyerLegalName: null });
    const short = await send({ buyerGstin: '29AAGCB7383J1Z4', buyerLegalName: 'X' });
    expect([short.statusCode, short.json().message]).toEqual([
      400,
      'The business name is 2 to 100 characters',
    ]);
    // Booked with both at once (POST /api/bookings/create), paid: the invoice names the business.
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/create',
      headers: buyers[1]!.bearer,
      payload: {
        showId: await newShow(10_000),
        selectedSeats: ['E9'],
        buyerGstin: '29AAGCB7383J1Z4',
        buyerLegalName: 'Bengaluru Film Society',
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const held = made.json<{ bookingId: string; url: string }>();
    await pay({ paymentId: held.url.split('/pay/')[1]!, who: buyers[1]! });
    expect((await invoiceOf(held.bookingId))!.buyerName).toBe('Bengaluru Film Society');
  });
});
