import {
  normaliseIndianMobile,
  cinemaDay,
  formatTimeOfDay,
  isHoldLapsed,
  heldSlabs,
  includedGst,
  itemLines,
  itemsTotal,
  paiseToRupees,
  seatClassOf,
  ticketLines,
  type Booking,
  type BookingChannel,
  type BookingStatus,
  type Movie,
  type Show,
  toZonedParts,
  WALK_IN_CUSTOMER,
} from '@marquee/shared';
import { alias } from 'drizzle-orm/pg-core';
import { and, count, desc, eq, ilike, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  bookings,
  counterSales,
  invoices,
  movies,
  payments,
  refunds,
  shows,
  users,
} from '../../db/schema.ts';
import { toMovie, toShow } from '../catalogue/index.ts';
import { itemsOfBookings, itemTaxLines, toBookingItem, type BookingItemRow } from '../food/index.ts';
import type { Hold } from './hold-seats.ts';

export type { BookingStatus };

export interface BookingFilter {
  ids?: string[];
  userId?: string;
  showId?: string;
  movieId?: string;
  status?: BookingStatus;
  /** Any of these states (the user's list: live bookings unless all are asked for). */
  statuses?: readonly BookingStatus[];
  /** A show date (YYYY-MM-DD) in the cinema's calendar. */
  showDate?: string;
  /** Leave out bookings sold on this channel (a seller's own list leaves out their counter sales). */
  notChannel?: BookingChannel | readonly BookingChannel[];
  /**
   * Matches the booking id or reference, the buyer's name, email or mobile number (a counter sale's
   * buyer is its customer, never the seller), or the movie title.
   */
  q?: string;
  /** The buyer account's mobile number, as kept (+91 and 10 digits). */
  phone?: string;
}

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
function literalPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

function bookingConditions(where: BookingFilter, timeZone: string): SQL | undefined {
  const q = where.q?.trim();
  const mobile = q ? normaliseIndianMobile(q) : null;
  // Whose name, email and mobile a search matches: the account's for a booking made online, the
  // customer's for a counter sale (its account is the seller's, decision 0023).
  const online = ne(bookings.channel, 'counter');
  let dateRange: SQL | undefined;
  if (where.showDate) {
    const { start, end } = cinemaDay(where.showDate, timeZone);
    dateRange = sql`${shows.startsAt} >= ${start} and ${shows.startsAt} < ${end}`;
  }
  return and(
    where.ids ? inArray(bookings.id, where.ids) : undefined,
    where.userId ? eq(bookings.userId, where.userId) : undefined,
    where.phone ? and(ne(bookings.channel, 'counter'), eq(users.phone, where.phone)) : undefined,
    where.showId ? eq(bookings.showId, where.showId) : undefined,
    where.movieId ? eq(shows.movieId, where.movieId) : undefined,
    where.status ? eq(bookings.status, where.status) : undefined,
    where.statuses ? inArray(bookings.status, [...where.statuses]) : undefined,
    where.notChannel
      ? typeof where.notChannel === 'string'
        ? ne(bookings.channel, where.notChannel)
        : notInArray(bookings.channel, [...where.notChannel])
      : undefined,
    dateRange,
    q
      ? or(
          sql`${bookings.id}::text ilike ${literalPattern(q)}`,
          ilike(bookings.reference, literalPattern(q.replace(/[\s-]+/g, ''))),
          and(online, or(ilike(users.name, literalPattern(q)), ilike(users.email, literalPattern(q)))),
          ilike(counterSales.customerName, literalPattern(q)),
          ilike(counterSales.customerEmail, literalPattern(q)),
          ilike(movies.title, literalPattern(q)),
          mobile
            ? or(and(online, eq(users.phone, mobile)), eq(counterSales.customerPhone, mobile))
            : undefined,
        )
      : undefined,
  );
}

/**
 * Bookings as the API answers them, newest first. `withEmail` adds the buyer's email (staff
 * views); `limit`/`offset` page through the matches.
 */
export async function findBookings({
  db,
  where,
  now,
  timeZone,
  withEmail = false,
  limit,
  offset = 0,
}: {
  db: Queryable;
  where: BookingFilter;
  now: Date;
  timeZone: string;
  withEmail?: boolean;
  limit?: number;
  offset?: number;
}): Promise<Booking[]> {
  const query = db
    .select({
      booking: bookings,
      show: shows,
      movie: movies,
      user: { id: users.id, name: users.name, email: users.email, phone: users.phone },
      customerName: counterSales.customerName,
      customerEmail: counterSales.customerEmail,
      customerPhone: counterSales.customerPhone,
    })
    .from(bookings)
    // Left joins: food and drink sold on its own at the counter has no show (show: null).
    .leftJoin(shows, eq(shows.id, bookings.showId))
    .leftJoin(movies, eq(movies.id, shows.movieId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(counterSales, eq(counterSales.bookingId, bookings.id))
    .where(bookingConditions(where, timeZone))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .offset(offset);
  const rows = await (limit === undefined ? query : query.limit(limit));
  if (!rows.length) return [];
  const bookingIds = rows.map((row) => row.booking.id);
  const paymentRows = await db
    .select({ payment: payments, refund: refunds })
    .from(payments)
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .where(inArray(payments.bookingId, bookingIds))
    .orderBy(desc(payments.createdAt));
  // The current invoice of each (the latest issued), for invoiceNumber.
  const invoiceRows = await db
    .select({ bookingId: invoices.bookingId, number: invoices.number })
    .from(invoices)
    .where(inArray(invoices.bookingId, bookingIds))
    .orderBy(invoices.issuedAt, invoices.serial);
  const invoiceOf = new Map(invoiceRows.map((row) => [row.bookingId, row.number]));
  const itemsOf = await itemsOfBookings(db, bookingIds);
  const exchanges = await exchangesOf(db, rows, now, timeZone);
  // One pass over the payments: the open one (its page is the payment link) and their refunds.
  const byBooking = new Map<string, { open?: PaymentRow; refunds: RefundRow[] }>();
  for (const { payment, refund } of paymentRows) {
    let entry = byBooking.get(payment.bookingId);
    if (!entry) byBooking.set(payment.bookingId, (entry = { refunds: [] }));
    if (payment.status === 'open') entry.open ??= payment;
    if (refund) entry.refunds.push(refund);
  }
  return rows.map(({ booking, show, movie, user, ...customer }) => {
    const { open, refunds: paymentRefunds = [] } = byBooking.get(booking.id) ?? {};
    const refund = combinedRefund(paymentRefunds);
    const payable = booking.status === 'pending' && !isHoldLapsed(booking.expiresAt.getTime(), now.getTime());
    // A counter sale's buyer is the customer at the counter; its account is the seller's.
    const buyer =
      booking.channel === 'counter'
        ? {
            name: customer.customerName ?? WALK_IN_CUSTOMER,
            email: customer.customerEmail,
            phone: customer.customerPhone,
          }
        : user;
    return toBookingView({
      booking,
      show: show && movie ? toShow(show, 0, toMovie(movie), timeZone) : null,
      user: withEmail
        ? { _id: user.id, name: buyer.name, email: buyer.email, phone: buyer.phone }
        : { _id: user.id, name: buyer.name },
      paymentLink: payable ? (open?.paymentUrl ?? null) : null,
      refund: refund ?? null,
      invoiceNumber: invoiceOf.get(booking.id) ?? null,
      items: itemsOf.get(booking.id) ?? [],
      gstPaise: bookingGst(booking, classPrice(show), itemsOf.get(booking.id) ?? []),
      exchange: exchanges.waiting.get(booking.id) ?? null,
      exchangeOf: exchanges.changing.get(booking.id) ?? null,
    });
  });
}

const originals = alias(bookings, 'exchanged_booking');

/**
 * The exchanges these bookings take part in (CONTRACT §13): for a paid booking, the change waiting
 * for its difference (still within its window); for the hold of a dearer change, the booking it changes.
 */
async function exchangesOf(
  db: Queryable,
  rows: readonly { booking: BookingRow }[],
  now: Date,
  timeZone: string,
): Promise<{ waiting: Map<string, Booking['exchange']>; changing: Map<string, Booking['exchangeOf']> }> {
  const waiting = new Map<string, Booking['exchange']>();
  const changing = new Map<string, Booking['exchangeOf']>();
  const paidIds = rows.filter(({ booking }) => booking.status === 'paid').map(({ booking }) => booking.id);
  if (paidIds.length) {
    const holds = await db
      .select({ hold: bookings, startsAt: shows.startsAt, paymentUrl: payments.paymentUrl })
      .from(bookings)
      .innerJoin(shows, eq(shows.id, bookings.showId))
      .leftJoin(payments, and(eq(payments.bookingId, bookings.id), eq(payments.status, 'open')))
      .where(and(inArray(bookings.exchangeOf, paidIds), eq(bookings.status, 'pending')));
    for (const { hold, startsAt, paymentUrl } of holds) {
      if (!hold.exchangeOf || isHoldLapsed(hold.expiresAt.getTime(), now.getTime())) continue;
      const { date, minutes } = toZonedParts(startsAt, timeZone);
      waiting.set(hold.exchangeOf, {
        _id: hold.id,
        // Joined to its show above: an exchange's hold always has one.
        showId: hold.showId!,
        showDate: date,
        showTime: formatTimeOfDay(minutes),
        bookedSeats: hold.seats,
        amount: paiseToRupees(hold.amountPaise),
        paymentLink: paymentUrl,
        expiresAt: hold.expiresAt.toISOString(),
      });
    }
  }
  const holdIds = rows.filter(({ booking }) => booking.exchangeOf).map(({ booking }) => booking.id);
  if (holdIds.length) {
    const found = await db
      .select({
        holdId: bookings.id,
        id: originals.id,
        reference: originals.reference,
        seats: originals.seats,
      })
      .from(bookings)
      .innerJoin(originals, eq(originals.id, bookings.exchangeOf))
      .where(inArray(bookings.id, holdIds));
    for (const row of found)
      changing.set(row.holdId, { _id: row.id, reference: row.reference, bookedSeats: row.seats });
  }
  return { waiting, changing };
}

type BookingRow = typeof bookings.$inferSelect;

/** A seat's class price on the show (paise), from its layout and prices; unknown without a show. */
const classPrice =
  (show: Pick<typeof shows.$inferSelect, 'prices' | 'layout'> | null) =>
  (seat: string): number | undefined =>
    show ? show.prices[seatClassOf(show.layout, seat) ?? ''] : undefined;

/** The GST included in a booking's amount (paise): its tickets at their slabs, its items at theirs. */
function bookingGst(
  booking: Pick<BookingRow, 'seats' | 'amountPaise' | 'taxRates'>,
  seatPrice: (seat: string) => number | undefined,
  items: readonly BookingItemRow[],
): number {
  const food = itemLines(itemTaxLines(items));
  return includedGst([
    ...ticketLines({
      seats: booking.seats,
      seatPrice,
      amountPaise: booking.amountPaise - itemsTotal(food),
      slabs: heldSlabs(booking.taxRates),
    }),
    ...food,
  ]);
}
type PaymentRow = typeof payments.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

/**
 * A booking's refunds as the one refund its buyer was told of. A booking paid in two payments (a
 * dearer exchange's difference, CONTRACT §13) is refunded in a row per payment; the cancel's
 * confirm said their sum. Failed if one failed, pending while one is, else succeeded; the reason
 * and times are the latest payment's (`rows` come newest first).
 */
function combinedRefund(rows: RefundRow[]): RefundRow | undefined {
  const [latest] = rows;
  if (!latest || rows.length === 1) return latest;
  const status = rows.some((row) => row.status === 'failed')
    ? 'failed'
    : rows.some((row) => row.status === 'pending')
      ? 'pending'
      : 'succeeded';
  return { ...latest, status, amountPaise: rows.reduce((sum, row) => sum + row.amountPaise, 0) };
}

/** A booking as the API answers it, from its row and what was read or known beside it. */
function toBookingView({
  booking,
  show,
  user,
  paymentLink,
  refund,
  invoiceNumber,
  gstPaise,
  items,
  exchange = null,
  exchangeOf = null,
}: {
  booking: Pick<
    BookingRow,
    | 'id'
    | 'reference'
    | 'seats'
    | 'amountPaise'
    | 'status'
    | 'expiresAt'
    | 'createdAt'
    | 'paidAt'
    | 'cancelledAt'
    | 'checkedInAt'
    | 'admittedCount'
    | 'channel'
    | 'complimentary'
    | 'itemsCollectedAt'
  >;
  /** Null: food and drink sold on its own at the counter. */
  show: Show<Movie> | null;
  user: Booking['user'];
  paymentLink: string | null;
  refund: RefundRow | null;
  invoiceNumber: string | null;
  /** The GST included in the amount (shared/src/gst.ts). */
  gstPaise: number;
  items: readonly BookingItemRow[];
  exchange?: Booking['exchange'];
  exchangeOf?: Booking['exchangeOf'];
}): Booking {
  return {
    _id: booking.id,
    reference: booking.reference,
    user,
    show: show ? showOfBooking(show) : null,
    bookedSeats: booking.seats,
    amount: paiseToRupees(booking.amountPaise),
    isPaid: booking.status === 'paid',
    status: booking.status,
    channel: booking.channel,
    complimentary: booking.complimentary,
    paymentLink,
    expiresAt: booking.expiresAt.toISOString(),
    createdAt: booking.createdAt.toISOString(),
    paidAt: booking.paidAt?.toISOString() ?? null,
    cancelledAt: booking.cancelledAt?.toISOString() ?? null,
    checkedInAt: booking.checkedInAt?.toISOString() ?? null,
    admitted: booking.admittedCount,
    items: items.map(toBookingItem),
    itemsCollectedAt: booking.itemsCollectedAt?.toISOString() ?? null,
    gst: paiseToRupees(gstPaise),
    invoiceNumber,
    // A settled refund of nothing (a cancel that gave nothing back) is no money owed: null.
    refund:
      refund && refund.amountPaise > 0
        ? {
            amount: paiseToRupees(refund.amountPaise),
            status: refund.status,
            reason: refund.reason,
            createdAt: refund.createdAt.toISOString(),
          }
        : null,
    exchange,
    exchangeOf,
  };
}

/** How many bookings match, for paging. */
export async function countBookings({
  db,
  where,
  timeZone,
}: {
  db: Queryable;
  where: BookingFilter;
  timeZone: string;
}): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(bookings)
    // Left joins: food and drink sold on its own at the counter has no show (show: null).
    .leftJoin(shows, eq(shows.id, bookings.showId))
    .leftJoin(movies, eq(movies.id, shows.movieId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(counterSales, eq(counterSales.bookingId, bookings.id))
    .where(bookingConditions(where, timeZone));
  return Number(row?.value ?? 0);
}

/** A booking's show without the live seat count, which a booking view has no business showing. */
function showOfBooking({
  availableSeats: _unused,
  ...show
}: Show<Movie>): Omit<Show<Movie>, 'availableSeats'> {
  return { ...show, status: show.status === 'cancelled' ? 'cancelled' : 'active' };
}

/** The booking a hold just made, as the API answers it, from what the hold returned. */
export function heldBookingView({
  hold,
  user,
  movie,
  paymentUrl,
  now,
  timeZone,
  gstPaise,
  items,
}: {
  hold: Hold;
  user: { id: string; name: string };
  movie: Movie;
  paymentUrl: string;
  now: Date;
  timeZone: string;
  /** The GST included (heldGst). */
  gstPaise: number;
  /** Its items (heldGst). */
  items: readonly BookingItemRow[];
}): Booking {
  const show = toShow(
    {
      id: hold.showId,
      movieId: hold.show.movieId,
      startsAt: hold.show.startsAt,
      pricePaise: hold.show.pricePaise,
      totalSeats: hold.show.totalSeats,
      screenId: hold.show.screenId,
      screenName: hold.show.screenName,
      prices: hold.show.prices,
      language: hold.show.language,
      format: hold.show.format,
      // Not part of the answer: the view needs only what the buyer sees.
      layout: { rows: [] },
      screenFreeAt: null,
      status: 'active',
      createdAt: now,
      updatedAt: now,
    },
    0,
    movie,
    timeZone,
  );
  return toBookingView({
    booking: {
      id: hold.bookingId,
      reference: hold.reference,
      seats: hold.seats,
      amountPaise: hold.amountPaise,
      status: 'pending',
      expiresAt: hold.expiresAt,
      createdAt: now,
      paidAt: null,
      cancelledAt: null,
      checkedInAt: null,
      admittedCount: 0,
      channel: 'online',
      complimentary: false,
      itemsCollectedAt: null,
    },
    show,
    user: { _id: user.id, name: user.name },
    paymentLink: paymentUrl,
    refund: null,
    invoiceNumber: null,
    gstPaise,
    items,
  });
}

/**
 * What the answer to a hold says of tax: the GST included, from the seats' prices as the hold
 * priced them and the slabs it was held under; and its items, read only when some were claimed.
 */
export async function heldGst(
  db: Queryable,
  hold: Hold,
): Promise<{ gstPaise: number; items: BookingItemRow[] }> {
  const items = hold.withItems
    ? ((await itemsOfBookings(db, [hold.bookingId])).get(hold.bookingId) ?? [])
    : [];
  return { gstPaise: bookingGst(hold, (seat) => hold.seatPrices[seat], items), items };
}
