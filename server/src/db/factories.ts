import { randomUUID } from 'node:crypto';
import { amountFor, gridLayout, lowestPrice, seatIds, type BookingChannel } from '@marquee/shared';
import { eq } from 'drizzle-orm';
import { DEFAULT_SCREEN_ID, DEFAULT_SCREEN_NAME } from '../features/screens/index.ts';
import { slugify } from '../features/programme/index.ts';
import type { Queryable } from './client.ts';
import { bookingSeats, bookings, movies, payments, shows, users } from './schema.ts';

/** Row builders shared by the seed and the tests, so both make data the same way. */

export type NewMovie = typeof movies.$inferInsert;
export type NewShow = typeof shows.$inferInsert;

export async function insertMovie(db: Queryable, fields: Partial<NewMovie> & { title: string }) {
  const [row] = await db
    .insert(movies)
    .values({
      id: randomUUID(),
      slug: `${slugify(fields.title)}-${randomUUID().slice(0, 6)}`,
      year: '2024',
      languages: [],
      ...fields,
    })
    .returning();
  return row!;
}

/**
 * A show written directly: without a layout, the spec's grid of `totalSeats` on the default screen
 * at one price. Like insertBooking it skips the programme's rules: `screenFreeAt` stays null, so
 * fixtures at any times never meet the screen-overlap constraint (createShows sets it).
 */
export async function insertShow(
  db: Queryable,
  fields: Partial<NewShow> & { movieId: string; startsAt: Date },
) {
  const totalSeats = fields.totalSeats ?? (fields.layout ? seatIds(fields.layout).length : 96);
  const pricePaise = fields.pricePaise ?? (fields.prices ? lowestPrice(fields.prices) : 20_000);
  const [row] = await db
    .insert(shows)
    .values({
      id: randomUUID(),
      screenId: DEFAULT_SCREEN_ID,
      screenName: DEFAULT_SCREEN_NAME,
      layout: gridLayout(totalSeats),
      prices: { Standard: pricePaise },
      ...fields,
      totalSeats,
      pricePaise,
    })
    .returning();
  return row!;
}

export async function insertUser(db: Queryable, fields: { name: string; email: string; role?: string }) {
  const [row] = await db
    .insert(users)
    .values({ id: randomUUID(), emailVerified: false, role: 'user', ...fields })
    .returning();
  return row!;
}

/**
 * A booking with its seat claims, written directly: the seed's counter sales and test fixtures.
 * (Buyers' bookings go through the booking feature, which checks the rules this skips.)
 */
export async function insertBooking(
  db: Queryable,
  fields: {
    userId: string;
    showId: string;
    seats: string[];
    now: Date;
    status?: 'paid' | 'pending';
    expiresAt?: Date;
    /** Where it was sold (default online); a comp costs nothing. */
    channel?: BookingChannel;
    complimentary?: boolean;
  },
) {
  const id = randomUUID();
  const status = fields.status ?? 'paid';
  // Charged as the hold charges: each seat at its class's price on the show (amountFor).
  const [show] = await db
    .select({ layout: shows.layout, prices: shows.prices })
    .from(shows)
    .where(eq(shows.id, fields.showId));
  if (!show) throw new Error(`No show ${fields.showId}`);
  const amountPaise = fields.complimentary ? 0 : amountFor(show.layout, show.prices, fields.seats);
  await db.insert(bookings).values({
    id,
    userId: fields.userId,
    showId: fields.showId,
    seats: fields.seats,
    amountPaise,
    status,
    expiresAt: fields.expiresAt ?? fields.now,
    paidAt: status === 'paid' ? fields.now : null,
    channel: fields.channel ?? 'online',
    complimentary: fields.complimentary ?? false,
  });
  await db
    .insert(bookingSeats)
    .values(fields.seats.map((seat) => ({ bookingId: id, showId: fields.showId, seat })));
  if (status === 'paid' && amountPaise > 0) {
    await db.insert(payments).values({
      id: randomUUID(),
      bookingId: id,
      gateway: 'counter',
      gatewayRef: `counter-${id}`,
      amountPaise,
      status: 'succeeded',
      succeededAt: fields.now,
    });
  }
  return id;
}
