import { formatDateTime } from '@marquee/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { bookings, movies, payments, refunds, screens, shows, users } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';

export interface EntityRef {
  entityType: string;
  entityId: string | null;
}

/** The key an entity's name is found under. */
export const entityKey = ({ entityType, entityId }: EntityRef) => `${entityType}:${entityId ?? ''}`;

/**
 * What a person calls each entity of a page of audit entries: a show as 'Kantara, Fri, 27 Nov,
 * 7:00 PM, Screen 1' (the cinema's clock), a movie by its title, a user by name and email, a
 * booking by its reference (refunds and payments by their booking's). One query per kind of
 * entity on the page, never one per entry; an entity since deleted has no name.
 */
export async function nameEntities({
  db,
  refs,
  timeZone,
}: {
  db: Queryable;
  refs: EntityRef[];
  timeZone: string;
}): Promise<Map<string, string>> {
  const idsOf = (type: string, uuidOnly = true) => [
    ...new Set(
      refs
        .filter((ref) => ref.entityType === type && ref.entityId && (!uuidOnly || isUuid(ref.entityId)))
        .map((ref) => ref.entityId!),
    ),
  ];
  const names = new Map<string, string>();
  const put = (entityType: string, entityId: string, name: string) =>
    names.set(entityKey({ entityType, entityId }), name);

  const lookups: Promise<void>[] = [];
  const showIds = idsOf('show');
  if (showIds.length)
    lookups.push(
      db
        .select({ id: shows.id, startsAt: shows.startsAt, screen: shows.screenName, title: movies.title })
        .from(shows)
        .innerJoin(movies, eq(movies.id, shows.movieId))
        .where(inArray(shows.id, showIds))
        .then((rows) => {
          for (const row of rows) {
            const when = formatDateTime(row.startsAt.toISOString(), timeZone, 'short');
            put('show', row.id, `${row.title}, ${when}, ${row.screen}`);
          }
        }),
    );
  const movieIds = idsOf('movie');
  if (movieIds.length)
    lookups.push(
      db
        .select({ id: movies.id, title: movies.title })
        .from(movies)
        .where(inArray(movies.id, movieIds))
        .then((rows) => rows.forEach((row) => put('movie', row.id, row.title))),
    );
  const screenIds = idsOf('screen');
  if (screenIds.length)
    lookups.push(
      db
        .select({ id: screens.id, name: screens.name })
        .from(screens)
        .where(inArray(screens.id, screenIds))
        .then((rows) => rows.forEach((row) => put('screen', row.id, row.name))),
    );
  // Account ids are better-auth's, not UUIDs.
  const userIds = idsOf('user', false);
  if (userIds.length)
    lookups.push(
      db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(inArray(users.id, userIds))
        .then((rows) => rows.forEach((row) => put('user', row.id, `${row.name} (${row.email})`))),
    );
  const bookingIds = idsOf('booking');
  if (bookingIds.length)
    lookups.push(
      db
        .select({ id: bookings.id, reference: bookings.reference })
        .from(bookings)
        .where(inArray(bookings.id, bookingIds))
        .then((rows) => rows.forEach((row) => put('booking', row.id, row.reference))),
    );
  const refundIds = idsOf('refund');
  if (refundIds.length)
    lookups.push(
      db
        .select({ id: refunds.id, reference: bookings.reference })
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .innerJoin(bookings, eq(bookings.id, payments.bookingId))
        .where(inArray(refunds.id, refundIds))
        .then((rows) => rows.forEach((row) => put('refund', row.id, `Booking ${row.reference}`))),
    );
  // A payment event names the gateway's own reference for the payment.
  const paymentRefs = idsOf('payment', false);
  if (paymentRefs.length)
    lookups.push(
      db
        .select({ ref: payments.gatewayRef, reference: bookings.reference })
        .from(payments)
        .innerJoin(bookings, eq(bookings.id, payments.bookingId))
        .where(inArray(payments.gatewayRef, paymentRefs))
        .then((rows) => rows.forEach((row) => put('payment', row.ref, `Booking ${row.reference}`))),
    );
  await Promise.all(lookups);
  return names;
}
