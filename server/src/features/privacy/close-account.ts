import { privacyMessages } from '@marquee/shared';
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import {
  auditLog,
  bookings,
  emailOutbox,
  invoices,
  shows,
  users,
  verifications,
  waitlistEntries,
} from '../../db/schema.ts';
import { conflict } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { hasRole } from '../auth/index.ts';

/**
 * The one account that stands for every deleted one (docs/privacy.md). The rows the cinema must
 * keep after a buyer deletes their account (paid bookings and their tax invoices, seats that were
 * sold, the audit trail) are moved to it: they no longer say who the buyer was. It has no password
 * and is banned, so no one can sign in as it.
 */
export const DELETED_ACCOUNT = {
  id: '00000000-0000-4000-8000-000000000000',
  name: 'Deleted account',
  email: 'deleted-account@marquee.invalid',
} as const;

/** The account's bookings the cinema cannot let go of yet: paid, for a show still to come. */
export async function futurePaidBookings(db: Queryable, userId: string, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(shows, eq(shows.id, bookings.showId))
    .where(and(eq(bookings.userId, userId), eq(bookings.status, 'paid'), gt(shows.startsAt, now)));
  return rows.map((row) => row.id);
}

/** The account's unpaid holds, which closing it releases first. */
export async function unpaidBookings(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.status, 'pending')));
  return rows.map((row) => row.id);
}

/** Why this account cannot be closed now, or null: the rules DELETE /api/user checks first. */
export async function closingRefusal(
  db: Queryable,
  user: { id: string; role: string },
  now: Date,
): Promise<string | null> {
  if (hasRole(user, 'staff') || hasRole(user, 'admin')) return privacyMessages.staff;
  if ((await futurePaidBookings(db, user.id, now)).length) return privacyMessages.futurePaid;
  return null;
}

/**
 * Erases an account in one transaction (better-auth's deleteUser calls it once the password is
 * confirmed, before it deletes the user row, which this has already done): the rules are checked
 * again under the account's lock, so a payment or a role granted meanwhile is seen; what the
 * cinema must keep moves to DELETED_ACCOUNT with the buyer's name off its invoices; what it need
 * not keep goes (favourites, waiting-list entries, sessions, sign-in methods, reset tokens and
 * emails not yet sent, by the foreign keys' ON DELETE CASCADE or here). The caller has released
 * the unpaid holds through the bookings feature; one made since is refused, not swept along.
 */
export async function eraseAccount({
  db,
  userId,
  now,
}: {
  db: Db;
  userId: string;
  now: Date;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) return;
    const refusal = await closingRefusal(tx, user, now);
    if (refusal) throw conflict(refusal);
    if ((await unpaidBookings(tx, userId)).length) throw conflict(privacyMessages.pendingMeanwhile);

    await tx
      .insert(users)
      .values({
        ...DELETED_ACCOUNT,
        emailVerified: false,
        role: 'user',
        banned: true,
        banReason: 'Stands for deleted accounts',
        createdAt: new Date(0),
        updatedAt: new Date(0),
      })
      .onConflictDoNothing();
    const kept = await tx
      .update(bookings)
      .set({ userId: DELETED_ACCOUNT.id, updatedAt: now })
      .where(eq(bookings.userId, userId))
      .returning({ id: bookings.id });
    const bookingIds = kept.map((row) => row.id);
    const entryIds = (
      await tx
        .select({ id: waitlistEntries.id })
        .from(waitlistEntries)
        .where(eq(waitlistEntries.userId, userId))
    ).map((row) => row.id);
    if (bookingIds.length) {
      // The law keeps a tax invoice for years; the name on it is the buyer's personal data.
      await tx
        .update(invoices)
        .set({ buyerName: DELETED_ACCOUNT.name })
        .where(inArray(invoices.bookingId, bookingIds));
    }
    // Emails about the account: those not sent yet are not sent; the sent ones forget the address.
    const aboutAccount = or(
      bookingIds.length ? inArray(emailOutbox.bookingId, bookingIds) : undefined,
      sql`${emailOutbox.payload} ->> 'to' = ${user.email}`,
      entryIds.length ? sql`${emailOutbox.payload} ->> 'entryId' in ${entryIds}` : undefined,
    );
    await tx
      .update(emailOutbox)
      .set({
        payload: {},
        status: sql`case when ${emailOutbox.status} = 'pending' then 'failed' else ${emailOutbox.status} end`,
        lastError: sql`case when ${emailOutbox.status} = 'pending' then 'Account deleted' else ${emailOutbox.lastError} end`,
      })
      .where(aboutAccount);
    await tx
      .delete(verifications)
      .where(or(eq(verifications.identifier, user.email), eq(verifications.value, userId)));
    // The audit trail stays whole, without saying who: what the account did, what was done to it.
    await tx.update(auditLog).set({ actorId: DELETED_ACCOUNT.id }).where(eq(auditLog.actorId, userId));
    await tx
      .update(auditLog)
      .set({ entityId: DELETED_ACCOUNT.id, details: {} })
      .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, userId)));
    // Sessions, sign-in methods, favourites and waiting-list entries go with the row (ON DELETE
    // CASCADE); the sessions' trigger tells every process to forget them at commit.
    await tx.delete(users).where(eq(users.id, userId));
    await recordAudit(tx, {
      actorId: null,
      action: 'account.delete',
      entityType: 'user',
      entityId: DELETED_ACCOUNT.id,
      details: { bookingsKept: bookingIds.length },
    });
  });
}
