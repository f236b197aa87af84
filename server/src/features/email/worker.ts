import { and, asc, count, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  bookings,
  counterSales,
  emailOutbox,
  movies,
  payments,
  refunds,
  shows,
  users,
  waitlistEntries,
} from '../../db/schema.ts';
import { runEvery } from '../../lib/periodic.ts';
import { runtimeMinutes } from '@marquee/shared';
import { currentShareUrl, showDateTime, type TicketCodes } from '../admission/index.ts';
import { cinemaDetails } from '../catalogue/index.ts';
import { itemsOfBookings } from '../food/index.ts';
import { readSettings } from '../settings/index.ts';
import type { Mailer, OutgoingEmail } from './mailer.ts';
import type { ShowWas } from '../outbox/index.ts';
import {
  bookingCancelledEmail,
  bookingExchangedEmail,
  bookingPaidEmail,
  latePaymentRefundedEmail,
  passwordResetEmail,
  showCancelledEmail,
  showMovedEmail,
  waitlistClosedEmail,
  waitlistOfferEmail,
  type BookingFacts,
  type Brand,
} from './templates.ts';

/** Tries per email before it is given up on (and the audit log says so). */
export const MAX_ATTEMPTS = 8;
/** How long a worker may take over one batch before another process may try those emails. */
const LEASE_MS = 2 * 60_000;
const BATCH = 20;

/** Wait before try `attempt + 1`: 30 s, 1 min, 2 min, … at most an hour. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 60 * 60_000);
}

export interface DeliverOptions {
  db: Db;
  mailer: Mailer;
  tickets: TicketCodes;
  brand: Brand;
  timeZone: string;
  now: Date;
  log?: FastifyInstance['log'];
}

/**
 * Sends the emails that are due. Each batch is claimed with FOR UPDATE SKIP LOCKED and leased
 * (next_attempt_at moved past now), so workers in several processes never take the same email,
 * and one that dies mid-send leaves it to be tried again when the lease runs out. A failure is
 * retried with backoff; after MAX_ATTEMPTS the email is marked failed and the audit log says so.
 * Returns how many were sent.
 */
export async function deliverDueEmails({ db, mailer, tickets, brand, timeZone, now, log }: DeliverOptions) {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now)))
    .orderBy(asc(emailOutbox.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(emailOutbox)
    .set({ attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
    .where(inArray(emailOutbox.id, due))
    .returning();

  let sent = 0;
  for (const row of claimed) {
    try {
      const email = await render(db, row, { tickets, brand, timeZone });
      if (email) await mailer.send(email);
      await db
        .update(emailOutbox)
        // A reset link is not kept once it has gone out.
        .set({
          status: 'sent',
          sentAt: now,
          lastError: null,
          ...(row.kind === 'password-reset' ? { payload: {} } : {}),
        })
        .where(eq(emailOutbox.id, row.id));
      sent++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const givenUp = row.attempts >= MAX_ATTEMPTS;
      log?.warn({ emailId: row.id, kind: row.kind, attempt: row.attempts, err: message }, 'email not sent');
      await db.transaction(async (tx) => {
        await tx
          .update(emailOutbox)
          .set(
            givenUp
              ? { status: 'failed', lastError: message.slice(0, 500) }
              : {
                  lastError: message.slice(0, 500),
                  nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)),
                },
          )
          .where(eq(emailOutbox.id, row.id));
        if (givenUp) {
          await tx.insert(auditLog).values({
            actorId: null,
            action: 'email.failed',
            entityType: row.bookingId ? 'booking' : 'email',
            entityId: row.bookingId ?? String(row.id),
            details: { kind: row.kind, attempts: row.attempts, error: message.slice(0, 200) },
          });
        }
      });
    }
  }
  return sent;
}

type OutboxRow = typeof emailOutbox.$inferSelect;

async function render(
  db: Db,
  row: OutboxRow,
  { tickets, brand, timeZone }: { tickets: TicketCodes; brand: Brand; timeZone: string },
): Promise<OutgoingEmail | null> {
  if (row.kind === 'daily-report') {
    const p = row.payload as {
      to: string[];
      date: string;
      subject: string;
      text: string;
      html: string;
      csv: string;
    };
    return {
      to: p.to.join(', '),
      subject: p.subject,
      text: p.text,
      html: p.html,
      attachments: [
        {
          filename: `daily-report-${p.date}.csv`,
          content: Buffer.from(`\uFEFF${p.csv}`, 'utf8'),
          contentType: 'text/csv; charset=utf-8',
        },
      ],
    };
  }
  if (row.kind === 'password-reset') {
    const { to, name, url } = row.payload as { to: string; name: string; url: string };
    return passwordResetEmail(brand, to, name, url);
  }
  if (row.kind === 'waitlist-closed') {
    const { entryId } = row.payload as { entryId: string };
    const [entry] = await db
      .select({ name: users.name, email: users.email, movie: movies.title, startsAt: shows.startsAt })
      .from(waitlistEntries)
      .innerJoin(users, eq(users.id, waitlistEntries.userId))
      .innerJoin(shows, eq(shows.id, waitlistEntries.showId))
      .innerJoin(movies, eq(movies.id, shows.movieId))
      .where(eq(waitlistEntries.id, entryId));
    return entry ? waitlistClosedEmail(brand, { ...entry, ...showDateTime(entry.startsAt, timeZone) }) : null;
  }
  if (!row.bookingId) return null;
  const found = await bookingFacts(db, row.bookingId, { tickets, brand, timeZone });
  // Nobody to tell: a counter sale whose customer gave no email (its account is the seller's).
  if (!found?.email) return null;
  const facts = { ...found, email: found.email, calendarSequence: await calendarSequence(db, row) };
  switch (row.kind) {
    case 'booking-paid':
      return bookingPaidEmail(brand, facts);
    case 'booking-cancelled':
      return bookingCancelledEmail(brand, facts);
    case 'booking-exchanged':
      return bookingExchangedEmail(
        brand,
        facts,
        (row.payload as { differencePaise?: number }).differencePaise,
      );
    case 'late-payment-refunded':
      return latePaymentRefundedEmail(brand, facts);
    case 'show-cancelled':
      return showCancelledEmail(brand, facts);
    case 'show-moved':
      return showMovedEmail(brand, facts, (row.payload as { was: ShowWas }).was);
    case 'waitlist-offer':
      return waitlistOfferEmail(brand, facts);
    default:
      return null;
  }
}

/**
 * The calendar file's SEQUENCE for an email: how many moves of the show its booking had been told
 * of, this one included. A calendar app takes a file with the booking's UID as an update only when
 * its number is higher (RFC 5545), so each move's file outranks every file sent before it.
 */
async function calendarSequence(db: Db, row: OutboxRow): Promise<number> {
  if (row.kind !== 'show-moved' && row.kind !== 'show-cancelled' && row.kind !== 'booking-exchanged')
    return 0;
  const [moves] = await db
    .select({ value: count() })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.bookingId, row.bookingId!),
        inArray(emailOutbox.kind, ['show-moved', 'booking-exchanged']),
        lte(emailOutbox.id, row.id),
      ),
    );
  return Number(moves!.value) + (row.kind === 'show-cancelled' ? 1 : 0);
}

/**
 * What a booking's emails say, and to whom. A counter sale's account is the seller's (decision
 * 0023): its emails go to the customer's address given at the counter, or to nobody (email null),
 * never to the seller; and its ticket link is the share link, which opens without an account.
 */
async function bookingFacts(
  db: Db,
  bookingId: string,
  { tickets, brand, timeZone }: { tickets: TicketCodes; brand: Brand; timeZone: string },
): Promise<(Omit<BookingFacts, 'calendarSequence' | 'email'> & { email: string | null }) | null> {
  const [row] = await db
    .select({
      reference: bookings.reference,
      channel: bookings.channel,
      customerName: counterSales.customerName,
      customerEmail: counterSales.customerEmail,
      customerPhone: counterSales.customerPhone,
      status: bookings.status,
      seats: bookings.seats,
      amountPaise: bookings.amountPaise,
      expiresAt: bookings.expiresAt,
      ticketVersion: bookings.ticketVersion,
      name: users.name,
      email: users.email,
      phone: users.phone,
      movie: movies.title,
      startsAt: shows.startsAt,
      runtime: movies.runtime,
      screenName: shows.screenName,
      shareVersion: bookings.shareVersion,
      // All its payments' refunds: a booking paid in two payments (a dearer exchange) has two.
      refundPaise: sql<number | null>`(select sum(r.amount_paise) from ${refunds} r
        join ${payments} p on p.id = r.payment_id where p.booking_id = ${bookings.id})`,
      refundReason: sql<string | null>`(select r.reason from ${refunds} r
        join ${payments} p on p.id = r.payment_id where p.booking_id = ${bookings.id}
        order by r.created_at desc limit 1)`,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .innerJoin(shows, eq(shows.id, bookings.showId))
    .innerJoin(movies, eq(movies.id, shows.movieId))
    .leftJoin(counterSales, eq(counterSales.bookingId, bookings.id))
    .where(eq(bookings.id, bookingId));
  if (!row) return null;
  const shareUrl =
    row.status === 'paid'
      ? currentShareUrl(tickets, brand.publicUrl, { id: bookingId, shareVersion: row.shareVersion })
      : null;
  const ownTicketUrl = `${brand.publicUrl}/tickets/${bookingId}`;
  const buyer =
    row.channel === 'counter'
      ? {
          // 'Hello there' when the customer gave an email but no name.
          name: row.customerName ?? 'there',
          email: row.customerEmail,
          phone: row.customerPhone,
          // The share link is the customer's ticket; the booking's own page needs the seller's sign-in.
          ticketUrl: shareUrl ?? brand.publicUrl,
          shareUrl: null,
          invoiceUrl: null,
        }
      : { name: row.name, email: row.email, phone: row.phone, ticketUrl: ownTicketUrl, shareUrl };
  return {
    bookingId,
    reference: row.reference,
    ...buyer,
    movie: row.movie,
    ...showDateTime(row.startsAt, timeZone),
    screen: row.screenName,
    seats: row.seats,
    items: ((await itemsOfBookings(db, [bookingId])).get(bookingId) ?? []).map((item) => ({
      name: item.name,
      quantity: item.quantity,
    })),
    amountPaise: row.amountPaise,
    payBy: showDateTime(row.expiresAt, timeZone).showTime,
    refundPaise: row.refundPaise === null ? null : Number(row.refundPaise),
    refundReason: row.refundReason,
    ticketCode: row.status === 'paid' ? tickets.issue(bookingId, row.ticketVersion) : null,
    startsAt: row.startsAt,
    endsAt: new Date(row.startsAt.getTime() + runtimeMinutes(row.runtime) * 60_000),
  };
}

/** Runs deliverDueEmails every `intervalMs` in this process until stopped. */
export function startEmailWorker(
  app: FastifyInstance,
  mailer: Mailer,
  intervalMs: number,
): () => Promise<void> {
  const { db, config, clock, tickets } = app.deps;
  return runEvery(
    intervalMs,
    async () => {
      // The cinema as its settings say now (an admin may have changed it since the last round).
      const { cinema } = await readSettings(db);
      const sent = await deliverDueEmails({
        db,
        mailer,
        tickets,
        brand: { cinema: cinema.name, publicUrl: config.PUBLIC_URL, venue: cinemaDetails(config, cinema) },
        timeZone: config.CINEMA_TIMEZONE,
        now: clock(),
        log: app.log,
      });
      // Each pass says it ran (debug): tests across processes wait for every process to have looked.
      app.log.debug({ sent }, 'email pass done');
      return sent;
    },
    (error) => app.log.error({ err: error }, 'email delivery failed'),
  );
}
