import { bookingStatuses, type DataExport, type Invoice } from '@marquee/shared';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { accounts, auditLog, sessions, users } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { findBookings } from '../bookings/index.ts';
import { listFavourites } from '../favourites/index.ts';
import { readInvoice } from '../invoices/index.ts';
import { listEntries } from '../waitlist/index.ts';

/**
 * Everything the cinema holds about an account (CONTRACT §2; the DPDP Act's right to access):
 * the account, how it signs in and where it is signed in (never a password hash or a token),
 * every booking whatever its state, favourites (retired films too), waiting-list entries, the
 * tax invoices of paid bookings and what the audit log recorded it doing.
 */
export async function exportAccountData({
  db,
  userId,
  now,
  timeZone,
}: {
  db: Queryable;
  userId: string;
  now: Date;
  timeZone: string;
}): Promise<Omit<DataExport, 'success' | 'message'>> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('Account not found');
  const [signIns, live, bookingList, favourites, waitlist, activity] = await Promise.all([
    db
      .select({ provider: accounts.providerId, createdAt: accounts.createdAt })
      .from(accounts)
      .where(eq(accounts.userId, userId))
      .orderBy(asc(accounts.createdAt)),
    db
      .select({
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.createdAt)),
    findBookings({ db, where: { userId, statuses: bookingStatuses }, now, timeZone }),
    listFavourites({ db, userId, withRetired: true }),
    listEntries({ db, userId, now, timeZone }),
    db
      .select({
        action: auditLog.action,
        entityType: auditLog.entityType,
        entityId: auditLog.entityId,
        at: auditLog.createdAt,
      })
      .from(auditLog)
      .where(eq(auditLog.actorId, userId))
      .orderBy(desc(auditLog.createdAt)),
  ]);
  const invoices: Invoice[] = [];
  for (const booking of bookingList) {
    if (!booking.invoiceNumber) continue;
    const invoice = await readInvoice({ db, bookingId: booking._id, timeZone });
    if (invoice) invoices.push(invoice);
  }
  return {
    exportedAt: now.toISOString(),
    account: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      phone: user.phone,
      role: user.role,
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
    },
    signInMethods: signIns.map((row) => ({
      provider: row.provider === 'credential' ? 'email and password' : row.provider,
      createdAt: row.createdAt.toISOString(),
    })),
    sessions: live.map((row) => ({
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
    })),
    bookings: bookingList,
    favourites,
    waitlist,
    invoices,
    activity: activity.map((row) => ({ ...row, at: row.at.toISOString() })),
  };
}
