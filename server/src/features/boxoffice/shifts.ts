import { boxOfficeMessages, paiseToRupees, type Shift } from '@marquee/shared';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { pgErrorCode, type Db, type Queryable } from '../../db/client.ts';
import { shifts, users } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/index.ts';

type ShiftRow = typeof shifts.$inferSelect;

/** A shift's figures in paise, read from the sales and refunds recorded in it. */
export interface CashUp {
  cashSales: number;
  cardSales: number;
  upiSales: number;
  cashRefunds: number;
  cardRefunds: number;
  upiRefunds: number;
  tickets: number;
  items: number;
  comps: number;
}

/**
 * Opens a shift with its float. One open shift per person: the partial unique index
 * shifts_one_open_uq decides, so two opens at once (two tabs, two processes) give one shift and
 * one 409.
 */
export async function openShift({
  db,
  userId,
  openingFloatPaise,
  now,
}: {
  db: Db;
  userId: string;
  openingFloatPaise: number;
  now: Date;
}): Promise<ShiftRow> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(shifts)
        .values({ id: randomUUID(), userId, openedAt: now, openingFloatPaise })
        .returning();
      await recordAudit(tx, {
        actorId: userId,
        action: 'shift.open',
        entityType: 'shift',
        entityId: row!.id,
        details: { openingFloatPaise },
      });
      return row!;
    });
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw conflict(boxOfficeMessages.shiftOpen);
    throw error;
  }
}

/** The caller's open shift, or null. */
export async function currentShift(db: Queryable, userId: string): Promise<ShiftRow | null> {
  const [row] = await db
    .select()
    .from(shifts)
    .where(and(eq(shifts.userId, userId), isNull(shifts.closedAt)));
  return row ?? null;
}

/** A shift by id: its owner's, or any for an admin (404 for anyone else, as for no shift). */
export async function findShift(
  db: Queryable,
  shiftId: string,
  viewer: { id: string; isAdmin: boolean },
): Promise<ShiftRow> {
  if (!isUuid(shiftId)) throw notFound('Shift not found');
  const [row] = await db.select().from(shifts).where(eq(shifts.id, shiftId));
  if (!row) throw notFound('Shift not found');
  if (row.userId !== viewer.id && !viewer.isAdmin) throw new AppError('FORBIDDEN', 'Not authorized');
  return row;
}

/** Sales by method, refunds by method, tickets, items and comps of a shift (paise and units). */
export async function cashUpOf(db: Queryable, shiftId: string): Promise<CashUp> {
  const rows = await db.execute(sql`
    select
      coalesce((select sum(amount_paise) from counter_sales where shift_id = ${shiftId} and method = 'cash'), 0) as "cashSales",
      coalesce((select sum(amount_paise) from counter_sales where shift_id = ${shiftId} and method = 'card'), 0) as "cardSales",
      coalesce((select sum(amount_paise) from counter_sales where shift_id = ${shiftId} and method = 'upi'), 0) as "upiSales",
      coalesce((select sum(amount_paise) from counter_refunds where shift_id = ${shiftId} and method = 'cash'), 0) as "cashRefunds",
      coalesce((select sum(amount_paise) from counter_refunds where shift_id = ${shiftId} and method = 'card'), 0) as "cardRefunds",
      coalesce((select sum(amount_paise) from counter_refunds where shift_id = ${shiftId} and method = 'upi'), 0) as "upiRefunds",
      coalesce((select sum(tickets) from counter_sales where shift_id = ${shiftId}), 0) as "tickets",
      coalesce((select sum(tickets) from counter_sales where shift_id = ${shiftId} and method = 'comp'), 0) as "comps",
      coalesce((select sum(bi.quantity) from counter_sales cs join booking_items bi on bi.booking_id = cs.booking_id
        where cs.shift_id = ${shiftId}), 0) as "items"`);
  const row = (rows as unknown as { rows: Record<string, string | number>[] }).rows[0]!;
  const n = (key: string) => Number(row[key] ?? 0);
  return {
    cashSales: n('cashSales'),
    cardSales: n('cardSales'),
    upiSales: n('upiSales'),
    cashRefunds: n('cashRefunds'),
    cardRefunds: n('cardRefunds'),
    upiRefunds: n('upiRefunds'),
    tickets: n('tickets'),
    // Units of food and drink sold with the shift's sales (what was sold, refunds or not).
    items: n('items'),
    comps: n('comps'),
  };
}

/** The cash that should be in the drawer: float + cash sales − cash refunds (paise). */
export function expectedCashPaise(openingFloatPaise: number, figures: CashUp): number {
  return openingFloatPaise + figures.cashSales - figures.cashRefunds;
}

/** A shift as the API answers it (rupees). */
export async function shiftView(db: Queryable, row: ShiftRow): Promise<Shift> {
  const figures = await cashUpOf(db, row.id);
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, row.userId));
  const expected = expectedCashPaise(row.openingFloatPaise, figures);
  const rupees = paiseToRupees;
  return {
    _id: row.id,
    user: { _id: row.userId, name: user?.name ?? '' },
    openedAt: row.openedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    openingFloat: rupees(row.openingFloatPaise),
    cashSales: rupees(figures.cashSales),
    cardSales: rupees(figures.cardSales),
    upiSales: rupees(figures.upiSales),
    cashRefunds: rupees(figures.cashRefunds),
    cardRefunds: rupees(figures.cardRefunds),
    upiRefunds: rupees(figures.upiRefunds),
    expectedCash: rupees(expected),
    countedCash: row.countedCashPaise === null ? null : rupees(row.countedCashPaise),
    variance: row.countedCashPaise === null ? null : rupees(row.countedCashPaise - expected),
    tickets: figures.tickets,
    items: figures.items,
    comps: figures.comps,
  };
}

/**
 * Closes a shift with the cash counted. Conditional on it still being open (`closed_at is
 * null`): closing twice, or two closes at once, close it once and the other gets 409. The update
 * waits for the sales and refunds holding the shift FOR SHARE, so every sale that went through is
 * in the cash-up, and none can be recorded after (the trigger in marquee_shift_is_final.sql).
 */
export async function closeShift({
  db,
  shiftId,
  actor,
  countedCashPaise,
  now,
}: {
  db: Db;
  shiftId: string;
  actor: { id: string; isAdmin: boolean };
  countedCashPaise: number;
  now: Date;
}): Promise<ShiftRow> {
  const shift = await findShift(db, shiftId, actor);
  if (shift.closedAt) throw conflict(boxOfficeMessages.shiftClosed);
  return db.transaction(async (tx) => {
    const [closed] = await tx
      .update(shifts)
      .set({ closedAt: now, countedCashPaise })
      .where(and(eq(shifts.id, shift.id), isNull(shifts.closedAt)))
      .returning();
    if (!closed) throw conflict(boxOfficeMessages.shiftClosed);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'shift.close',
      entityType: 'shift',
      entityId: shift.id,
      details: { countedCashPaise },
    });
    return closed;
  });
}
