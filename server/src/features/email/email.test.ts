import { formatDate } from '@marquee/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { freePort, Inbox } from '../../../test/smtp-inbox.ts';
import { insertMovie, insertShow } from '../../fixtures/factories.ts';
import { auditLog, emailOutbox, users } from '../../db/schema.ts';
import { cinemaDetails } from '../catalogue/routes.ts';
import { deliverDueEmails, MAX_ATTEMPTS } from './worker.ts';

let t: TestApp;
let inbox: Inbox;
let admin: SignedIn;
let showId: string;
const emails = new Map<SignedIn, string>();

beforeAll(async () => {
  inbox = new Inbox(await freePort());
  await inbox.start();
  t = await createTestApp({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
      EMAIL_FROM: 'Marquee Test <tickets@marquee.test>',
      CINEMA_NAME: 'Marquee Test Cinema',
      CINEMA_ADDRESS: '7 Mail Street, Pune',
      CINEMA_PHONE: '020 5555 0100',
      CINEMA_HOURS: 'Daily, noon to midnight',
      CINEMA_MAP_URL: 'https://maps.example/marquee',
    },
  });
  const { db } = t.testDb.database;
  const movie = await insertMovie(db, { title: 'Mail Test', runtime: '90 min' });
  showId = (
    await insertShow(db, { movieId: movie.id, startsAt: new Date(t.clock.now.getTime() + 86_400_000) })
  ).id;
  admin = await signUp(t.app, { name: 'Admin' });
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
});
afterAll(async () => {
  await t.close();
  await inbox.stop();
});

async function person(name: string) {
  const email = `${name.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const who = await signUp(t.app, { name, email });
  emails.set(who, email);
  return who;
}

async function paidBooking(who: SignedIn, seats: string[], show = showId) {
  const body = (
    await t.app.inject({
      method: 'POST',
      url: '/api/bookings/create',
      headers: who.bearer,
      payload: { showId: show, selectedSeats: seats },
    })
  ).json<{ bookingId: string; url: string; booking: { reference: string } }>();
  const paymentId = body.url.split('/pay/')[1];
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/payments/${paymentId}/sandbox-pay`,
    headers: who.bearer,
    payload: {},
  });
  expect(paid.statusCode).toBe(200);
  return { id: body.bookingId, reference: body.booking.reference };
}

const deliver = (now = t.clock.now) =>
  deliverDueEmails({
    db: t.testDb.database.db,
    mailer: t.app.deps.mailer,
    tickets: t.app.deps.tickets,
    brand: { cinema: t.config.CINEMA_NAME, publicUrl: t.config.PUBLIC_URL, venue: cinemaDetails(t.config) },
    timeZone: t.config.CINEMA_TIMEZONE,
    now,
  });

describe('the email outbox', () => {
  it('sends one email for a paid booking, with the reference, the show, the seats, the amount and the ticket', async () => {
    const asha = await person('Asha');
    const { id, reference } = await paidBooking(asha, ['A1', 'A2']);
    expect(inbox.to(emails.get(asha)!)).toHaveLength(0); // only once the worker runs
    expect(await deliver()).toBeGreaterThanOrEqual(1);
    expect(await deliver()).toBe(0);
    const [mail, ...others] = inbox.to(emails.get(asha)!);
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe(`Your tickets for Mail Test · ${reference}`);
    expect(JSON.stringify(mail!.from)).toContain('tickets@marquee.test');
    for (const part of [mail!.text!, mail!.html as string]) {
      expect(part).toContain(reference);
      expect(part).toContain('Mail Test');
      expect(part).toContain('A1, A2');
      expect(part).toContain('₹400');
      expect(part).toContain(`${t.config.PUBLIC_URL}/tickets/${id}`);
      expect(part).toContain(`${t.config.PUBLIC_URL}/invoices/${id}`);
      expect(part).toContain('Screen 1');
    }
    // The share link (CONTRACT §6), in both parts, opens this ticket without an account.
    const share = new RegExp(`${t.config.PUBLIC_URL}/share/([\\w~-]+)`).exec(mail!.text!);
    expect(share).not.toBeNull();
    expect(mail!.html).toContain(share![0]);
    const opened = await t.app.inject({ method: 'GET', url: `/api/share/${share![1]}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().ticket).toMatchObject({ reference, seats: ['A1', 'A2'] });
    expect(mail!.html).toContain('Marquee Test Cinema');
    // Where and when to find the cinema, for someone on the way to the show.
    for (const part of [mail!.text!, mail!.html as string]) {
      for (const detail of ['7 Mail Street, Pune', '020 5555 0100', 'Daily, noon to midnight'])
        expect(part).toContain(detail);
      expect(part).toContain('https://maps.example/marquee');
    }
    // The ticket's QR code and the booking's calendar file, the ticket page's UID.
    expect(mail!.attachments.map((a) => a.contentType)).toEqual(['image/png', 'text/calendar']);
    expect(mail!.attachments[1]!.content.toString()).toContain(`UID:${id}@marquee`);
  });

  it('delays, never loses, an email while the SMTP server is down, and sends it once when it is back', async () => {
    const ravi = await person('Ravi');
    const { id } = await paidBooking(ravi, ['B1']);
    await deliver();
    await inbox.stop();
    const cancelled = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${id}/cancel`,
      headers: ravi.bearer,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await deliver()).toBe(0);
    const [row] = await t.testDb.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `booking-cancelled:${id}`));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.any(String) });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(t.clock.now.getTime());

    await inbox.start();
    expect(await deliver()).toBe(0); // not due yet: backing off
    const later = new Date(t.clock.now.getTime() + 60_000);
    expect(await deliver(later)).toBe(1);
    expect(await deliver(new Date(later.getTime() + 3_600_000))).toBe(0);
    const mails = inbox.to(emails.get(ravi)!);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Your tickets/),
      expect.stringMatching(/cancelled$/),
    ]);
    expect(mails[1]!.text).toMatch(/refund of ₹200/);
  });

  it('workers running at once send each email once', async () => {
    const meera = await person('Meera');
    await paidBooking(meera, ['C1']);
    await paidBooking(meera, ['C3']);
    const sent = await Promise.all([deliver(), deliver(), deliver()]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(2);
    expect(inbox.to(emails.get(meera)!)).toHaveLength(2);
  });

  it('tells every paid buyer when the cinema cancels the show', async () => {
    const { db } = t.testDb.database;
    const movie = await insertMovie(db, { title: 'Cancelled Feature' });
    const doomed = (
      await insertShow(db, { movieId: movie.id, startsAt: new Date(t.clock.now.getTime() + 2 * 86_400_000) })
    ).id;
    const [one, two] = [await person('One'), await person('Two')];
    await paidBooking(one, ['D1'], doomed);
    await paidBooking(two, ['D3'], doomed);
    await deliver();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/shows/${doomed}/cancel`,
      headers: admin.bearer,
    });
    expect(response.statusCode).toBe(200);
    await deliver();
    for (const who of [one, two]) {
      const mails = inbox.to(emails.get(who)!);
      expect(mails.map((m) => m.subject)).toContain(
        `Cancelled Feature on ${mails[0]!.text!.match(/Date: (.+)/)![1]} at ${mails[0]!.text!.match(/Time: (.+)/)![1]} is cancelled`,
      );
      // Nothing of the other buyer in it.
      expect(JSON.stringify(mails)).not.toContain(emails.get(who === one ? two : one)!);
      // Its calendar file marks the event in the buyer's calendar cancelled.
      const cancelled = mails.find((mail) => mail.subject!.endsWith('is cancelled'))!;
      expect(cancelled.attachments[0]!.content.toString()).toContain('STATUS:CANCELLED');
    }
  });

  it('tells each paid buyer once when the show moves, with the new time and an updated calendar file', async () => {
    const { db } = t.testDb.database;
    const movie = await insertMovie(db, { title: 'Moved Feature', runtime: '2h 10m' });
    const moving = (
      await insertShow(db, { movieId: movie.id, startsAt: new Date(t.clock.now.getTime() + 3 * 86_400_000) })
    ).id;
    const [one, two, unpaid] = [await person('Uma'), await person('Vikram'), await person('Waiting')];
    const first = await paidBooking(one, ['F1'], moving);
    const second = await paidBooking(two, ['F3', 'F4'], moving);
    const pending = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/create',
      headers: unpaid.bearer,
      payload: { showId: moving, selectedSeats: ['F6'] },
    });
    expect(pending.statusCode).toBe(200);
    await deliver();
    const paidEmail = inbox.to(emails.get(one)!)[0]!;
    const before = paidEmail.attachments[1]!.content.toString();

    // The dialog is told before saving how many will be emailed.
    const count = await t.app.inject({
      method: 'GET',
      url: `/api/shows/${moving}/paid-bookings`,
      headers: admin.bearer,
    });
    expect(count.json()).toMatchObject({ success: true, paidBookings: 2 });
    // A price change is not news to a buyer who has paid.
    const repriced = await t.app.inject({
      method: 'PUT',
      url: `/api/shows/${moving}`,
      headers: admin.bearer,
      payload: { showPrice: 300 },
    });
    expect(repriced.statusCode, repriced.body).toBe(200);
    const newDate = new Date(t.clock.now.getTime() + 4 * 86_400_000).toISOString().slice(0, 10);
    t.clock.now = new Date(t.clock.now.getTime() + 1000);
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/shows/${moving}`,
      headers: admin.bearer,
      payload: { showDate: newDate, showTime: '9:45 PM' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const startsAt = moved.json().show.startsAt as string;

    // Two workers at once (two processes): each booking's email goes once.
    const sent = await Promise.all([deliver(), deliver()]);
    expect(sent[0] + sent[1]).toBe(2);
    expect(await deliver()).toBe(0);
    for (const [who, booking] of [
      [one, first],
      [two, second],
    ] as const) {
      const mails = inbox.to(emails.get(who)!).filter((mail) => mail.subject!.includes('has moved'));
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      // Written the Indian way round, as every date people read (shared/src/dates.ts).
      expect(mail!.subject).toBe(`Moved Feature has moved to ${formatDate(newDate, 'long')} at 9:45 PM`);
      for (const part of [mail!.text!, mail!.html as string]) {
        expect(part).toContain(booking.reference);
        expect(part).toContain('9:45 PM');
        expect(part).toContain(`${t.config.PUBLIC_URL}/tickets/${booking.id}`);
      }
      const [calendar] = mail!.attachments;
      expect(calendar).toMatchObject({ contentType: 'text/calendar', filename: `${booking.reference}.ics` });
      const ics = calendar!.content.toString().replace(/\r\n /g, '');
      expect(ics).toContain(`UID:${booking.id}@marquee\r\n`);
      const utc = startsAt.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
      expect(ics).toContain(`DTSTART:${utc}\r\n`);
      // Newer than the file the paid email carried, so calendars take it as the update.
      if (who === one) {
        const sequence = (text: string) => Number(/SEQUENCE:(\d+)/.exec(text)![1]);
        expect(sequence(ics)).toBeGreaterThan(sequence(before));
      }
    }
    expect(inbox.to(emails.get(unpaid)!)).toHaveLength(0);
    // A second move is a second change: told again.
    t.clock.now = new Date(t.clock.now.getTime() + 1000);
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/shows/${moving}`,
      headers: admin.bearer,
      payload: { showDate: newDate, showTime: '10:15 PM' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await deliver()).toBe(2);
    const moves = inbox.to(emails.get(one)!).filter((mail) => mail.subject!.includes('has moved'));
    expect(moves.map((mail) => /SEQUENCE:(\d+)/.exec(mail.attachments[0]!.content.toString())![1])).toEqual([
      '1',
      '2',
    ]);
    expect(moves[1]!.text).toContain('10:15 PM');
  });

  it('gives up after the last try and says so in the audit log', async () => {
    const lost = await person('Lost');
    const { id } = await paidBooking(lost, ['E1']);
    await inbox.stop();
    try {
      let now = t.clock.now;
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        await deliver(now);
        now = new Date(now.getTime() + 2 * 3_600_000);
      }
      const [row] = await t.testDb.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, `booking-paid:${id}`));
      expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
      const audit = await t.testDb.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'email.failed'));
      expect(audit.map((entry) => entry.entityId)).toContain(id);
    } finally {
      await inbox.start();
    }
  });
});

describe('password reset', () => {
  it('emails a single-use link; the new password signs the account out everywhere else', async () => {
    const email = `forgetful-${Date.now()}@example.com`;
    const forgetful = await signUp(t.app, { name: 'Forgetful', email, password: 'old-password-1' });
    const ask = (address: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: address } });
    const known = await ask(email);
    const unknown = await ask(`nobody-${Date.now()}@example.com`);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());

    await deliver();
    const [mail] = inbox.to(email);
    expect(mail!.subject).toBe('Reset your Marquee Test Cinema password');
    const link = /(https?:\/\/\S+\/reset-password\?token=[\w-]+)/.exec(mail!.text!)![1]!;
    expect(mail!.html).toContain(link);
    const token = new URL(link).searchParams.get('token')!;

    const reset = (newPassword: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { newPassword, token } });
    expect((await reset('new-password-2')).statusCode).toBe(200);
    // Signed out everywhere: the old session no longer works.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/bookings/user', headers: forgetful.bearer }))
        .statusCode,
    ).toBe(401);
    // Single use.
    expect((await reset('third-password-3')).statusCode).toBe(400);
    const signIn = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
    expect((await signIn('new-password-2')).statusCode).toBe(200);
    expect((await signIn('old-password-1')).statusCode).not.toBe(200);
    // The link is not kept once sent.
    const rows = await t.testDb.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'password-reset'));
    expect(JSON.stringify(rows.map((row) => row.payload))).not.toContain(token);
  });
});
