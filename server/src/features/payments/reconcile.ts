import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';

import type { Discrepancy } from '@marquee/shared';

export type { Discrepancy };

/** A refund not confirmed after this long is reported. */
export const REFUND_OVERDUE_MS = 60 * 60_000;

/**
 * Every way money and seats disagree (CONTRACT §4: each captured payment ends as a paid booking
 * with live seats on a show that runs, or as a refund):
 * - a captured payment (succeeded) whose booking is not paid and that has no refund;
 * - a paid booking whose seats are not all live, or whose show is cancelled;
 * - a refund pending or failed for longer than `overdueMs`.
 */
export async function findDiscrepancies({
  db,
  now,
  overdueMs = REFUND_OVERDUE_MS,
}: {
  db: Queryable;
  now: Date;
  overdueMs?: number;
}): Promise<Discrepancy[]> {
  const rows = (query: ReturnType<typeof sql>) =>
    db.execute(query).then((result) => (result as unknown as { rows: Record<string, unknown>[] }).rows);
  const captured = await rows(sql`
    select p.id as "paymentId", p.booking_id as "bookingId", b.reference, b.status as "bookingStatus",
      p.gateway, p.gateway_ref as ref, p.amount_paise as "amountPaise"
    from payments p join bookings b on b.id = p.booking_id
    left join refunds r on r.payment_id = p.id
    where p.status = 'succeeded' and b.status <> 'paid' and r.id is null
    order by p.id`);
  const paid = await rows(sql`
    select b.id as "bookingId", b.reference, b.show_id as "showId", s.status as "showStatus",
      cardinality(b.seats) as seats,
      (select count(*)::int from booking_seats bs where bs.booking_id = b.id and bs.is_live) as "liveSeats"
    from bookings b join shows s on s.id = b.show_id
    where b.status = 'paid' and (s.status <> 'active'
      or (select count(*) from booking_seats bs where bs.booking_id = b.id and bs.is_live) <> cardinality(b.seats))
    order by b.id`);
  const overdue = await rows(sql`
    select r.id as "refundId", r.status, r.created_at as since, r.last_error as "lastError",
      r.amount_paise as "amountPaise", p.booking_id as "bookingId", b.reference
    from refunds r
    left join payments p on p.id = r.payment_id
    left join bookings b on b.id = p.booking_id
    where r.status in ('pending', 'failed')
      and r.created_at <= ${new Date(now.getTime() - overdueMs).toISOString()}::timestamptz
    order by r.created_at`);
  return [
    ...captured.map((row) => ({ kind: 'captured-unsettled' as const, ...row }) as Discrepancy),
    ...paid.map((row) => ({ kind: 'paid-without-seats' as const, ...row }) as Discrepancy),
    ...overdue.map(
      (row) =>
        ({
          kind: 'refund-overdue' as const,
          ...row,
          since: new Date(row.since as string).toISOString(),
        }) as Discrepancy,
    ),
  ];
}
