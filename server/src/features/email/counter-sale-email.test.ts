import type { Booking } from '@marquee/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { Inbox } from '../../../test/smtp-inbox.ts';
import { insertMovie, insertShow } from '../../fixtures/factories.ts';
import { emailOutbox, users } from '../../db/schema.ts';
import { cinemaDetails } from '../catalogue/index.ts';
import { deliverDueEmails } from './worker.ts';

// A counter sale's emails (issue 34): its account is the cashier's (decision 0023), but its buyer
// is the customer. The customer who gave an email gets the e-ticket, whose link is the booking's
// share link (they have no account); without an email nobody is emailed; the cashier never is.
// Sent through a real SMTP server on this machine.
let t: TestApp;
let inbox: Inbox;
let cashier: SignedIn;
let admin: SignedIn;
let movieId: string;
const cashierEmail = `cashier-${process.pid}-${Date.now()}@example.com`;
let showOffset = 0;

beforeAll(async () => {
  inbox = await Inbox.open();
  t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, EMAIL_FROM: 'Marquee <tickets@marquee.test>' },
  });
  const { db } = t.testDb.database;
  movieId = (await insertMovie(db, { title: 'Counter Mail', runtime: '90 min' })).id;
  cashier = await signUp(t.app, { name: 'Cashier Kiran', email: cashierEmail });
  admin = await signUp(t.app, { name: 'Admin' });
  await db.update(users).set({ role: 'staff' }).where(eq(users.id, cashier.userId));
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  const shift = await call('POST', '/api/boxoffice/shifts', cashier, { openingFloat: 0 });
  expect(shift.statusCode, shift.body).toBe(201);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await inbox?.stop();
});

const call = (method: 'GET' | 'POST', url: string, who: SignedIn | null, payload?: object) =>
  t.app.inject({ method, url, headers: who?.bearer ?? {}, ...(payload ? { payload } : {}) });

async function newShow() {
  const startsAt = new Date(t.clock.now.getTime() + 2 * 86_400_000 + ++showOffset * 3 * 3_600_000);
  return (await insertShow(t.testDb.database.db, { movieId, startsAt })).id;
}

async function sell(showId: string, seats: string[], customer?: object) {
  const sold = await call('POST', '/api/boxoffice/sales', cashier, {
    showId,
    selectedSeats: seats,
    payment: { method: 'cash' },
    ...(customer ? { customer } : {}),
  });
  expect(sold.statusCode, sold.body).toBe(201);
  return sold.json<{ booking: Booking }>().booking;
}

const deliver = () =>
  deliverDueEmails({
    db: t.testDb.database.db,
    mailer: t.app.deps.mailer,
    tickets: t.app.deps.tickets,
    brand: { cinema: t.config.CINEMA_NAME, publicUrl: t.config.PUBLIC_URL, venue: cinemaDetails(t.config) },
    timeZone: t.config.CINEMA_TIMEZONE,
    now: t.clock.now,
  });

const unique = (name: string) =>
  `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;

describe("a counter sale's emails", () => {
  it("send the customer who gave an email the e-ticket, its link the booking's share link", async () => {
    const customer = unique('nisha');
    const sale = await sell(await newShow(), ['A1', 'A2'], { name: 'Nisha Rao', email: customer });
    await deliver();
    const [mail, ...more] = inbox.to(customer);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`Your tickets for Counter Mail · ${sale.reference}`);
    const text = mail!.text!;
    expect(text).toContain('Hello Nisha Rao');
    expect(text).toContain('A1, A2');
    // The ticket link opens without an account: the share link, not the cashier's booking page.
    const link = /\/share\/(\S+)/.exec(text);
    expect(link, text).not.toBeNull();
    expect(text).not.toContain(`/tickets/${sale._id}`);
    expect(text).not.toContain(`/invoices/${sale._id}`);
    const opened = await call('GET', `/api/share/${link![1]}`, null);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().ticket.reference).toBe(sale.reference);
    expect(inbox.to(cashierEmail)).toHaveLength(0);
  });

  it('email nobody when the customer gave no email, and never the cashier', async () => {
    const before = inbox.mails.length;
    const sale = await sell(await newShow(), ['B1'], { name: 'Walk-in With Phone', phone: '9876501234' });
    const walkIn = await sell(await newShow(), ['B2']);
    const queued = await t.testDb.database.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(eq(emailOutbox.bookingId, sale._id));
    expect(queued).toEqual([]);
    await deliver();
    expect(inbox.mails.length).toBe(before);
    expect(inbox.to(cashierEmail)).toHaveLength(0);
    expect(walkIn.user.name).toBe('Walk-in customer');
  });

  it('tell of a show the cinema cancels only the customer who gave an email, never the cashier', async () => {
    const showId = await newShow();
    const customer = unique('farah');
    await sell(showId, ['C1'], { name: 'Farah', email: customer });
    await sell(showId, ['C2'], { name: 'No Email' });
    await deliver();
    const before = inbox.mails.length;
    const cancelled = await call('POST', `/api/shows/${showId}/cancel`, admin, { reason: 'Projector' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await deliver();
    const told = inbox.mails.slice(before);
    expect(told.map((mail) => JSON.stringify(mail.to))).toEqual([expect.stringContaining(customer)]);
    expect(told[0]!.subject).toMatch(/cancel/i);
    expect(inbox.to(cashierEmail)).toHaveLength(0);
  });
});
