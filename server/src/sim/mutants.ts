/**
 * Deliberate bugs the simulator must catch (decision 0021). SQL mutants change the database
 * after its migrations; source mutants patch a real module's text as it is loaded (mutant-hooks.mjs),
 * so production code carries nothing for them. A patch that no longer matches stops the run.
 */
export interface Mutant {
  name: string;
  what: string;
  /** Statements run on the database before the first schedule. */
  sql?: string[];
  /** A module under server/src and the exact text to replace in it. */
  source?: { file: string; find: string; replace: string };
  /**
   * A seed from which the simulator catches it within this many schedules (sim-mutants.test.ts).
   * With `path` (fast-check's path of the catching schedule, `schedules - 1` for a campaign that
   * stops at its first failure) the proof replays just that schedule: a mutant first caught only
   * after hundreds of schedules is still proved inside the test suite, and every proof of more
   * than ten schedules carries its path so the suite runs one schedule for it. `lost` says why a
   * proof no longer catches it (a new command reshaped the schedules, and no seed has been found
   * again yet) and which test catches the mutant meanwhile; the suite then skips it by that name.
   */
  proof: { seed: number; schedules: number; path?: string; lost?: string };
}

export const mutants: Mutant[] = [
  {
    name: 'live-claims-index',
    what: 'drop the unique index on live seat claims (booking_seats_live_uq)',
    sql: ['drop index booking_seats_live_uq'],
    proof: {
      seed: 1,
      schedules: 2,
      lost: 'a hold refuses a seat asked for that it finds blocked, before inserting (issue 35), and the embedded database runs one hold at a time; race.test.ts catches it on PostgreSQL, where holds race',
    },
  },
  {
    name: 'cancel-skips-refund',
    what: 'cancelling a paid booking records no refund',
    source: {
      file: 'features/bookings/cancel-booking.ts',
      find: '    if (paid) {',
      replace: '    if (paid && false) {',
    },
    proof: { seed: 1, schedules: 3 },
  },
  {
    name: 'wrong-amount-taken',
    what: 'a payment of another amount than the checkout’s is taken as the booking’s payment',
    source: {
      file: 'features/checkout/handle-event.ts',
      find: 'if (event.amountPaise !== undefined && event.amountPaise !== payment.amountPaise) {',
      replace: 'if (false) {',
    },
    proof: { seed: 28, schedules: 24, path: '23' },
  },
  {
    name: 'refund-succeeded-before-gateway',
    what: 'a refund is marked succeeded when claimed, before the gateway is called',
    source: {
      file: 'features/payments/refund-worker.ts',
      find: '        attempts: sql`${refunds.attempts} + 1`,',
      replace: "        attempts: sql`${refunds.attempts} + 1`,\n        status: 'succeeded',",
    },
    proof: { seed: 1, schedules: 5 },
  },
  {
    name: 'release-holds-early',
    what: 'the sweep releases holds five minutes before their window closes',
    source: {
      file: 'features/bookings/release-expired.ts',
      find: 'sql`select marquee_release_lapsed(${now.toISOString()}::timestamptz',
      replace:
        'sql`select marquee_release_lapsed(${new Date(now.getTime() + 300_000).toISOString()}::timestamptz',
    },
    proof: { seed: 8, schedules: 11, path: '10' },
  },
  {
    name: 'late-skips-show-cancelled',
    what: 'a late payment is honoured on a cancelled show',
    source: {
      file: 'features/checkout/handle-event.ts',
      find: "  if (show.status !== 'active') return lateReasons.cancelledShow;",
      replace: '',
    },
    proof: { seed: 42, schedules: 13, path: '12' },
  },
  {
    name: 'late-skips-booking-cancelled',
    what: 'a late payment is honoured for a booking cancelled before it arrived',
    source: {
      file: 'features/checkout/handle-event.ts',
      find: "  if (booking.status === 'cancelled') return lateReasons.cancelledBooking;",
      replace: '',
    },
    proof: { seed: 2, schedules: 12, path: '11' },
  },
  {
    name: 'late-skips-started',
    what: 'a late payment is honoured after its show started',
    source: {
      file: 'features/checkout/handle-event.ts',
      find: '  if (show.startsAt <= now) return lateReasons.started;',
      replace: '',
    },
    proof: { seed: 1, schedules: 18, path: '17' },
  },
  {
    name: 'refund-skips-credit-note',
    what: 'a refund of an invoiced payment is recorded without its credit note',
    source: {
      file: 'features/payments/record-refund.ts',
      find: '  if (row && owed.paymentId) {',
      replace: '  if (row && owed.paymentId && false) {',
    },
    proof: { seed: 1, schedules: 3 },
  },
  {
    name: 'refund-failed-taken-as-processed',
    what: "Razorpay's refund.failed settles the refund as succeeded",
    source: {
      file: 'features/payments/settle-refund.ts',
      find: "    if (report.type === 'refund.processed') {",
      replace: '    if (true) {',
    },
    // refund.failed events are rare (about one in 100 schedules); from seed 27 the 28th has one.
    proof: { seed: 13, schedules: 190, path: '189' },
  },
  {
    name: 'cash-up-skips-refunds',
    what: "a shift's expected cash leaves out the cash paid back at the counter",
    source: {
      file: 'features/boxoffice/shifts.ts',
      find: '  return openingFloatPaise + figures.cashSales - figures.cashRefunds;',
      replace: '  return openingFloatPaise + figures.cashSales;',
    },
    proof: { seed: 2, schedules: 28, path: '27' },
  },
  {
    name: 'counter-refund-unrecorded',
    what: 'a counter refund cancels the sale but records no refund (the money goes back unrecorded)',
    source: {
      file: 'features/boxoffice/refund-at-counter.ts',
      find: "    if (sale.method !== 'comp' && sale.paymentId) {",
      replace: "    if (sale.method !== 'comp' && sale.paymentId && false) {",
    },
    proof: { seed: 1, schedules: 20, path: '19' },
  },
  {
    name: 'stock-return-skipped',
    what: 'items of a lapsed or cancelled booking stop being claimed but their stock is not given back',
    sql: [
      `create or replace function marquee_return_items() returns trigger language plpgsql as $$
      begin
        update booking_items set is_live = false where is_live and booking_id in (
          select n.id from marquee_bookings_after n join marquee_bookings_before o on o.id = n.id
          where o.status in ('pending', 'paid') and n.status not in ('pending', 'paid'));
        return null;
      end;
      $$`,
    ],
    proof: { seed: 1, schedules: 2 },
  },
  {
    name: 'exchange-keeps-old-seats',
    what: 'a dearer exchange, once its difference is paid, leaves the old seats claimed as well as the new',
    source: {
      file: 'features/bookings/exchange-booking.ts',
      find: '        not(and(eq(bookingSeats.showId, showId), inArray(bookingSeats.seat, seats))!),',
      replace: '        sql`false`,',
    },
    proof: { seed: 1, schedules: 3 },
  },
  {
    name: 'exchange-refunds-twice',
    what: 'a cheaper exchange gives back twice the difference',
    source: {
      file: 'features/bookings/exchange-booking.ts',
      find: '{ bookingId: booking.id, captured, amountPaise: ticketsPaise - passing.amountPaise, version },',
      replace:
        '{ bookingId: booking.id, captured, amountPaise: 2 * (ticketsPaise - passing.amountPaise), version },',
    },
    proof: { seed: 1, schedules: 3 },
  },
  {
    name: 'cancel-refunds-difference-again',
    what: 'cancelling a booking refunds its payments whole, forgetting the differences cheaper exchanges gave back',
    source: {
      file: 'features/payments/record-refund.ts',
      find: '    answer.push({ payment, refundablePaise: payment.amountPaise - (given?.paise ?? 0) });',
      replace: '    answer.push({ payment, refundablePaise: payment.amountPaise });',
    },
    proof: { seed: 1, schedules: 5 },
  },
  {
    name: 'items-sale-claims-nothing',
    what: 'food and drink sold on its own at the counter is recorded and charged but takes nothing from stock',
    source: {
      file: 'features/boxoffice/sell-at-counter.ts',
      find: '  const amountPaise = await claimItems(tx, { bookingId, items, now });',
      // The items inserted at the menu's prices, as the claim would, but no stock taken.
      replace:
        "  const { sql } = await import('drizzle-orm');\n" +
        '  const claimed = await tx.execute(sql`with i as (insert into booking_items\n' +
        '      (booking_id, product_id, name, quantity, unit_price_paise, tax_rate)\n' +
        '    select ${bookingId}::uuid, p.id, p.name, r.quantity, p.price_paise, p.tax_rate\n' +
        '    from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) r("productId" uuid, quantity integer)\n' +
        '    join products p on p.id = r."productId" returning quantity * unit_price_paise as paise)\n' +
        '    select coalesce(sum(paise), 0)::int as total from i`);\n' +
        '  const amountPaise = Number((claimed as any).rows[0].total);',
    },
    proof: { seed: 1, schedules: 2 },
  },
  {
    name: 'items-refund-keeps-stock',
    what: 'refunding food and drink sold on its own drops its claims without giving the stock back',
    source: {
      file: 'features/boxoffice/refund-at-counter.ts',
      find: "    await tx\n      .update(bookings)\n      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })",
      // Its items stop being live before the cancel, so the return trigger finds none to give back.
      replace:
        '    if (!booking.showId) {\n' +
        "      const { bookingItems } = await import('../../db/schema.ts');\n" +
        '      await tx.update(bookingItems).set({ isLive: false }).where(eq(bookingItems.bookingId, bookingId));\n' +
        '    }\n' +
        "    await tx\n      .update(bookings)\n      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })",
    },
    proof: { seed: 2, schedules: 17, path: '16' },
  },
  {
    name: 'refund-key-kept-after-error',
    what: 'a refund is retried under the idempotency key whose first answer was an error',
    source: {
      file: 'features/payments/refund-worker.ts',
      find: '        idempotencyKey: `refund-${refund.id}-${refund.attempts}`,\n',
      replace: '',
    },
    proof: { seed: 13, schedules: 99, path: '98' },
  },
  {
    name: 'show-cancel-skips-email',
    what: "cancelling a show does not email its paid bookings' buyers",
    source: {
      file: 'features/programme/cancel-show.ts',
      find: "        await enqueueEmail(tx, { kind: 'show-cancelled', bookingId });\n",
      replace: '',
    },
    proof: { seed: 1, schedules: 24, path: '23' },
  },
  {
    name: 'move-skips-email',
    what: "moving a show does not email its paid bookings' buyers",
    source: {
      file: 'features/programme/update-show.ts',
      find: "        for (const bookingId of told) await enqueueEmail(tx, { kind: 'show-moved', bookingId, change, was });\n",
      replace: '',
    },
    proof: { seed: 1, schedules: 20, path: '19' },
  },
];

export function findMutant(name: string): Mutant {
  const mutant = mutants.find((candidate) => candidate.name === name);
  if (!mutant) throw new Error(`No mutant ${name}; --list-mutants names them`);
  return mutant;
}
