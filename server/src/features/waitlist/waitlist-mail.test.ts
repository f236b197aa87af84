import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { Cluster, type ClusterMember } from '../../../test/cluster.ts';
import { testDatabaseKind } from '../../../test/database.ts';

// CONTRACT §13 (waiting list) and §6 (one event, one email) across two processes: two `npm start`
// processes on one PostgreSQL send mail to one real SMTP server on this machine. A freed seat makes
// one offer with one email, a lapsed offer moves on to the next party (no email for the lapse), a
// show cancelled closes the list with one email per waiting party, and an exchange is told once.

let cluster: Cluster | undefined;
const mails: ParsedMail[] = [];
// Slow to answer, as a real relay can be: a process that takes an email is still sending it when
// the other process next looks for due emails, so only the outbox's claim keeps it from going twice.
const SMTP_ANSWER_MS = 1_200;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        mails.push(mail);
        setTimeout(() => callback(), SMTP_ANSWER_MS);
      })
      .catch(callback);
  },
});
afterAll(async () => {
  await cluster?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const ADMIN = { email: 'owner@example.com', password: 'correct-horse-9' };
const to = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).map((a) => a.text).join(', ');
const mailsTo = (email: string, subject?: RegExp) =>
  mails.filter((m) => to(m).includes(email) && (!subject || subject.test(m.subject ?? '')));

async function until<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  ms = 60_000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Waits until every process has finished two passes of `line` since now: one began after now. */
async function bothPassedSince(processes: ClusterMember[], line: string) {
  const marks = processes.map((p) => p.server.output().length);
  await until(`two '${line}' in each process`, () =>
    processes.every((p, i) => p.server.output().slice(marks[i]).split(line).length - 1 >= 2),
  );
}

/** The show date `days` from today in the cinema's time zone (the seeded one). */
function dateIn(days: number) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

describe.runIf(testDatabaseKind === 'postgres')('waiting-list emails across two processes', () => {
  it(
    'offers once, moves on when an offer lapses, closes once and tells an exchange once',
    { timeout: 240_000 },
    async () => {
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
      const smtpPort = (smtp.server.address() as AddressInfo).port;
      cluster = await Cluster.create();
      const env = {
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        EMAIL_POLL_MS: '250',
        LOG_LEVEL: 'debug',
      };
      const a = await cluster.start(env);
      const b = await cluster.start(env);
      const both = [a, b];
      const { db } = cluster.database.database;
      const rows = async <T>(query: string) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

      const admin = (await a.call('POST', '/api/auth/sign-in/email', ADMIN)).body.token as string;
      const user = async (name: string, server: ClusterMember) => {
        const email = `${name.toLowerCase()}@example.com`;
        const signed = await server.call('POST', '/api/auth/sign-up/email', {
          name,
          email,
          password: 'correct-horse-9',
        });
        expect(signed.status, JSON.stringify(signed.body)).toBe(200);
        return { email, token: signed.body.token as string };
      };
      const settings = await b.call('PUT', '/api/admin/settings', { waitlist: { offerMinutes: 1 } }, admin);
      expect(settings.status, JSON.stringify(settings.body)).toBe(200);

      // Two shows of the seeded film on the default screen, three days ahead (clear of the seeded ones).
      const seeded = (await a.call('GET', '/api/shows')).body.shows as { movie: string | { _id: string } }[];
      const movie = typeof seeded[0]!.movie === 'string' ? seeded[0]!.movie : seeded[0]!.movie._id;
      // The seeded programme may hold a slot already: the first free one of a few days and times.
      const addShow = async (totalSeats: number) => {
        for (const day of [3, 4, 5, 6]) {
          for (const time of ['06:05', '09:35', '13:15', '16:45']) {
            const added = await a.call(
              'POST',
              '/api/shows',
              { movie, showPrice: 200, totalSeats, dateTimings: [{ date: dateIn(day), timings: [time] }] },
              admin,
            );
            if (added.status === 409) continue;
            expect(added.status, JSON.stringify(added.body)).toBe(201);
            return (added.body.shows as { _id: string }[])[0]!._id;
          }
        }
        throw new Error('no free slot for a show');
      };
      const soldOut = await addShow(2);
      const other = await addShow(4);

      // The filler holds both seats; three parties of two wait, in this order.
      const filler = await user('Filler', a);
      const held = await a.call(
        'POST',
        '/api/bookings/create',
        { showId: soldOut, selectedSeats: ['A1', 'A2'] },
        filler.token,
      );
      expect(held.status, JSON.stringify(held.body)).toBe(200);
      const fillerBooking = (held.body.booking as { _id: string })._id;
      const asha = await user('Asha', a);
      const ravi = await user('Ravi', b);
      const meera = await user('Meera', a);
      for (const [who, server] of [
        [asha, a],
        [ravi, b],
        [meera, a],
      ] as const) {
        const joined = await server.call(
          'POST',
          `/api/shows/${soldOut}/waitlist`,
          { quantity: 2 },
          who.token,
        );
        expect(joined.status, JSON.stringify(joined.body)).toBe(201);
      }
      const entry = async (who: { token: string }) =>
        (
          (await a.call('GET', '/api/user/waitlist', undefined, who.token)).body.entries as {
            status: string;
            offer: { bookingId: string; expiresAt: string } | null;
          }[]
        )[0]!;

      // The filler cancels: the seats are offered to Asha, by one process, with one email.
      const cancelled = await b.call('PUT', `/api/bookings/${fillerBooking}/cancel`, {}, filler.token);
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      await until('the offer email to Asha', () => mailsTo(asha.email, /are yours until/).length > 0);
      const ashaOffer = await entry(asha);
      expect(ashaOffer.status).toBe('offered');
      await bothPassedSince(both, 'waiting-list pass done');
      await bothPassedSince(both, 'email pass done');
      expect(mailsTo(asha.email)).toHaveLength(1);
      expect(mailsTo(ravi.email)).toHaveLength(0);
      expect(await rows(`select count(*)::int as n from email_outbox where kind = 'waitlist-offer'`)).toEqual(
        [{ n: 1 }],
      );
      const offered = both.map((p) => [...p.server.output().matchAll(/waiting-list offers made/g)].length);
      expect(offered.reduce((x, y) => x + y)).toBe(1);

      // Meanwhile a buyer of the other show pays and moves seats: one paid email, one exchange email.
      const paying = await user('Priya', b);
      const bought = await b.call(
        'POST',
        '/api/bookings/create',
        { showId: other, selectedSeats: ['A1'] },
        paying.token,
      );
      expect(bought.status, JSON.stringify(bought.body)).toBe(200);
      const paymentId = (bought.body.url as string).split('/pay/')[1]!;
      const paid = await a.call('POST', `/api/payments/${paymentId}/sandbox-pay`, undefined, paying.token);
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      const bookingId = (bought.body.booking as { _id: string })._id;
      const exchanged = await a.call(
        'POST',
        `/api/bookings/${bookingId}/exchange`,
        { showId: other, selectedSeats: ['A3'] },
        paying.token,
      );
      expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
      await until('the exchange email', () => mailsTo(paying.email, / changed: /).length > 0);

      // Asha does not pay: her offer's hold lapses and Ravi is offered the seats (Asha is told
      // nothing more: her entry is over). The processes read the real clock, so the minute passes
      // in the database: the hold's expiry is moved into the past, as waiting it out would leave it.
      expect(ashaOffer.offer).not.toBeNull();
      await rows(
        `update bookings set expires_at = now() - interval '1 second' where id = '${ashaOffer.offer!.bookingId}'`,
      );
      await until(
        'the offer email to Ravi',
        () => mailsTo(ravi.email, /are yours until/).length > 0,
        120_000,
      );
      expect((await entry(asha)).status).toBe('closed');
      expect((await entry(ravi)).status).toBe('offered');

      // The cinema cancels the show: Meera, still waiting, is told the list has closed.
      const cancelShow = await a.call('POST', `/api/shows/${soldOut}/cancel`, {}, admin);
      expect(cancelShow.status, JSON.stringify(cancelShow.body)).toBe(200);
      await until(
        'the closed email to Meera',
        () => mailsTo(meera.email, /waiting list .* has closed/).length > 0,
      );
      expect((await entry(meera)).status).toBe('closed');

      // Every email is out and both processes have looked for more since: each was sent once.
      await until('an empty outbox', async () => {
        const [pending] = await rows<{ n: number }>(
          `select count(*)::int as n from email_outbox where status <> 'sent'`,
        );
        return pending!.n === 0;
      });
      await bothPassedSince(both, 'waiting-list pass done');
      await bothPassedSince(both, 'email pass done');
      expect(mailsTo(asha.email)).toHaveLength(1);
      expect(mailsTo(ravi.email, /are yours until/)).toHaveLength(1);
      expect(mailsTo(meera.email)).toHaveLength(1);
      expect(mailsTo(paying.email, / changed: /)).toHaveLength(1);
      expect(mailsTo(paying.email, /Your tickets/)).toHaveLength(1);
      const sent = await rows<{ n: number }>(`select count(*)::int as n from email_outbox`);
      expect(mails).toHaveLength(sent[0]!.n);
      for (const p of both) expect((await p.server.stop()).code).toBe(0);
    },
  );
});
