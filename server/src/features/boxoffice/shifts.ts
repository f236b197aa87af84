import { boxOfficeMessages, cinemaDay, paiseToRupees, type Shift } from '@marquee/shared';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
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

/**
 * Sales by method, refunds by method, tickets, items and comps of each shift (paise and units),
 * in one statement (one snapshot) whatever the number of shifts. Refunds count in the shift that
 * paid them out, sales in the shift that took them.
 */
export async function cashUpsOf(db: Queryable, shiftIds: readonly string[]): Promise<Map<string, CashUp>> {
  const figures = new Map<string, CashUp>();
  if (!shiftIds.length) return figures;
  const ids = sql.join(
    shiftIds.map((id) => sql`(${id}::uuid)`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    with wanted(id) as (values ${ids}),
    sales as (
      select shift_id,
        sum(amount_paise) filter (where method = 'cash') as cash,
        sum(amount_paise) filter (where method = 'card') as card,
        sum(amount_paise) filter (where method = 'upi') as upi,
        sum(tickets) as tickets,
        sum(tickets) filter (where method = 'comp') as comps
      from counter_sales where shift_id in (select id from wanted) group by shift_id),
    refunds as (
      select shift_id,
        sum(amount_paise) filter (where method = 'cash') as cash,
        sum(amount_paise) filter (where method = 'card') as card,
        sum(amount_paise) filter (where method = 'upi') as upi
      from counter_refunds where shift_id in (select id from wanted) group by shift_id),
    -- Units of food and drink sold with the shift's sales (what was sold, refunds or not).
    items as (
      select cs.shift_id, sum(bi.quantity) as units
      from counter_sales cs join booking_items bi on bi.booking_id = cs.booking_id
      where cs.shift_id in (select id from wanted) group by cs.shift_id)
    select wanted.id as "shiftId",
      coalesce(sales.cash, 0) as "cashSales", coalesce(sales.card, 0) as "cardSales",
      coalesce(sales.upi, 0) as "upiSales", coalesce(refunds.cash, 0) as "cashRefunds",
      coalesce(refunds.card, 0) as "cardRefunds", coalesce(refunds.upi, 0) as "upiRefunds",
      coalesce(sales.tickets, 0) as "tickets", coalesce(items.units, 0) as "items",
      coalesce(sales.comps, 0) as "comps"
    from wanted
      left join sales on sales.shift_id = wanted.id
      left join refunds on refunds.shift_id = wanted.id
      left join items on items.shift_id = wanted.id`)) as unknown as {
    rows: Record<keyof CashUp | 'shiftId', string | number>[];
  };
  for (const { shiftId, ...row } of result.rows)
    figures.set(String(shiftId), {
      cashSales: Number(row.cashSales),
      cardSales: Number(row.cardSales),
      upiSales: Number(row.upiSales),
      cashRefunds: Number(row.cashRefunds),
      cardRefunds: Number(row.cardRefunds),
      upiRefunds: Number(row.upiRefunds),
      tickets: Number(row.tickets),
      items: Number(row.items),
      comps: Number(row.comps),
    });
  return figures;
}

/** One shift's figures (cashUpsOf). */
export async function cashUpOf(db: Queryable, shiftId: string): Promise<CashUp> {
  return (await cashUpsOf(db, [shiftId])).get(shiftId)!;
}

/** The cash that should be in the drawer: float + cash sales − cash refunds (paise). */
export function expectedCashPaise(openingFloatPaise: number, figures: CashUp): number {
  return openingFloatPaise + figures.cashSales - figures.cashRefunds;
}

/** Shifts as the API answers them (rupees), in the order given. */
export async function shiftViews(db: Queryable, rows: readonly ShiftRow[]): Promise<Shift[]> {
  if (!rows.length) return [];
  const figures = await cashUpsOf(
    db,
    rows.map((row) => row.id),
  );
  const people = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [...new Set(rows.map((row) => row.userId))]));
  const names = new Map(people.map((person) => [person.id, person.name]));
  const rupees = paiseToRupees;
  return rows.map((row) => {
    const cashUp = figures.get(row.id)!;
    const expected = expectedCashPaise(row.openingFloatPaise, cashUp);
    return {
      _id: row.id,
      user: { _id: row.userId, name: names.get(row.userId) ?? '' },
      openedAt: row.openedAt.toISOString(),
      closedAt: row.closedAt?.toISOString() ?? null,
      openingFloat: rupees(row.openingFloatPaise),
      cashSales: rupees(cashUp.cashSales),
      cardSales: rupees(cashUp.cardSales),
      upiSales: rupees(cashUp.upiSales),
      cashRefunds: rupees(cashUp.cashRefunds),
      cardRefunds: rupees(cashUp.cardRefunds),
      upiRefunds: rupees(cashUp.upiRefunds),
      expectedCash: rupees(expected),
      countedCash: row.countedCashPaise === null ? null : rupees(row.countedCashPaise),
      variance: row.countedCashPaise === null ? null : rupees(row.countedCashPaise - expected),
      tickets: cashUp.tickets,
      items: cashUp.items,
      comps: cashUp.comps,
    };
  });
}

/** A shift as the API answers it (rupees). */
export async function shiftView(db: Queryable, row: ShiftRow): Promise<Shift> {
  return (await shiftViews(db, [row]))[0]!;
}

/**
 * The shifts opened on the cinema days `from`–`to` (CONTRACT §11's cash-ups, for the manager):
 * every cashier's for an admin, a staff member's own otherwise; the latest first.
 */
export async function listShifts(
  db: Queryable,
  {
    viewer,
    from,
    to,
    timeZone,
  }: { viewer: { id: string; isAdmin: boolean }; from: string; to: string; timeZone: string },
): Promise<Shift[]> {
  const rows = await db
    .select()
    .from(shifts)
    .where(
      and(
        gte(shifts.openedAt, cinemaDay(from, timeZone).start),
        lt(shifts.openedAt, cinemaDay(to, timeZone).end),
        viewer.isAdmin ? undefined : eq(shifts.userId, viewer.id),
      ),
    )
    .orderBy(desc(shifts.openedAt));
  return shiftViews(db, rows);
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
