import {
  heldSlabs,
  seatClassOf,
  taxLine,
  ticketLines,
  ticketRate,
  type BookingChannel,
  type Layout,
  type TaxSlab,
} from '@marquee/shared';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';

/** Sums of ticket lines of one show and class, in paise (CONTRACT §14). */
export interface ClassSales {
  showId: string;
  class: string;
  online: number;
  counter: number;
  comps: number;
  gross: number;
  gst: number;
}

interface Group {
  show_id: string;
  class: string | null;
  price: number | null;
  slabs: string | null;
  channel: BookingChannel;
  complimentary: boolean;
  tickets: number;
}

type Rows<T> = { rows: T[] };

/**
 * The tickets of the paid bookings of the shows starting in [start, end), per show and seat class,
 * with their gross and GST. Only `status = 'paid'` counts: a booking cancelled or refunded counts
 * nowhere (CONTRACT §14); comps are admissions at ₹0.
 *
 * The figures equal the bookings' invoices to the paisa: a ticket's line is what
 * `ticketLines` (shared/src/gst.ts) makes for the invoice — the seat's class price, taxed at the
 * rate of the slab it falls in among the slabs the booking was held under (bookings.tax_rates).
 * Since every ticket of one show, class, price and slabs is the same line, the database counts
 * them (set-based, fast on a year of sales) and GST is `count × taxLine(price, rate)`. A booking
 * whose class prices no longer add up to what it was charged (a show re-priced after the hold)
 * is the rare exception: it is read whole, from its invoice's lines (addIrregular).
 */
export async function ticketSales({
  db,
  start,
  end,
  fallbackSlabs,
}: {
  db: Queryable;
  start: Date;
  end: Date;
  /** The slabs in force now: what an invoice uses for a booking held before rates were kept. */
  fallbackSlabs: readonly TaxSlab[];
}): Promise<ClassSales[]> {
  // Most shows have one class (their prices have one key): their tickets are counted per booking
  // without opening the layout. Shows with several classes find each seat's class in the layout.
  const result = (await db.execute(sql`
    with s as (
      select id, prices, layout,
        (select count(*) from jsonb_object_keys(prices)) as classes,
        (select min(k) from jsonb_object_keys(prices) k) as only_class
      from shows
      where starts_at >= ${start.toISOString()}::timestamptz and starts_at < ${end.toISOString()}::timestamptz
    ),
    single as (
      select b.id, b.show_id, b.channel, b.complimentary, b.amount_paise, cardinality(b.seats) as tickets,
        coalesce(b.tax_rates -> 'ticketSlabs', 'null'::jsonb)::text as slabs,
        s.only_class as class, (s.prices ->> s.only_class)::int as price
      from s join bookings b on b.show_id = s.id and b.status = 'paid'
      where s.classes = 1
    ),
    seat_class as (
      select s.id as show_id, seat ->> 'id' as seat, min(seat ->> 'class') as class
      from s, jsonb_array_elements(s.layout -> 'rows') r, jsonb_array_elements(r -> 'seats') seat
      where s.classes > 1 and jsonb_typeof(seat) = 'object'
      group by 1, 2
    ),
    t as (
      select b.id, b.show_id, b.channel, b.complimentary, b.amount_paise,
        coalesce(b.tax_rates -> 'ticketSlabs', 'null'::jsonb)::text as slabs,
        sc.class, (s.prices ->> sc.class)::int as price
      from s
      join bookings b on b.show_id = s.id and b.status = 'paid'
      cross join lateral unnest(b.seats) as u(seat)
      left join seat_class sc on sc.show_id = b.show_id and sc.seat = u.seat
      where s.classes > 1
    ),
    regular as (
      select id from t group by id
      having bool_and(complimentary) or (bool_and(price is not null) and sum(price) = max(amount_paise))
    )
    select show_id, class, case when complimentary then 0 else price end as price, slabs, channel, complimentary,
      sum(tickets)::int as tickets
    from single
    where complimentary or tickets * price = amount_paise
    group by 1, 2, 3, 4, 5, 6
    union all
    select show_id, null, null, id::text, channel, complimentary, 0
    from single
    where not (complimentary or tickets * coalesce(price, -1) = amount_paise)
    union all
    select t.show_id, t.class, case when t.complimentary then 0 else t.price end as price, t.slabs,
      t.channel, t.complimentary, count(*)::int as tickets
    from t join regular using (id)
    group by 1, 2, 3, 4, 5, 6
    union all
    select t.show_id, null, null, t.id::text, t.channel, t.complimentary, 0
    from t where t.id not in (select id from regular)
    group by t.show_id, t.id, t.channel, t.complimentary`)) as unknown as Rows<Group>;

  const sales = new Map<string, ClassSales>();
  const add = (group: Omit<Group, 'price' | 'slabs'>, price: number, rate: number, tickets: number) => {
    const key = `${group.show_id}\u0000${group.class ?? ''}`;
    let row = sales.get(key);
    if (!row) {
      row = {
        showId: group.show_id,
        class: group.class ?? '',
        online: 0,
        counter: 0,
        comps: 0,
        gross: 0,
        gst: 0,
      };
      sales.set(key, row);
    }
    if (group.complimentary) row.comps += tickets;
    else if (group.channel === 'counter') row.counter += tickets;
    else row.online += tickets;
    const line = taxLine(price, rate);
    row.gross += tickets * price;
    row.gst += tickets * (line.cgst + line.sgst);
  };

  const irregular: Group[] = [];
  for (const group of result.rows) {
    if (group.price === null) {
      irregular.push(group);
      continue;
    }
    const price = Number(group.price);
    const slabs = heldSlabs(
      group.slabs === null ? null : { ticketSlabs: JSON.parse(group.slabs) as TaxSlab[] },
      fallbackSlabs,
    );
    add(group, price, ticketRate(price, slabs), Number(group.tickets));
  }
  if (irregular.length) await addIrregular(db, irregular, fallbackSlabs, add);
  return [...sales.values()];
}

/**
 * The few bookings read whole (their class prices no longer add up to what they were charged: the
 * show was re-priced after the hold). Their invoice's ticket lines, one per seat in the booking's
 * seat order, are what was charged and taxed; a booking with no invoice (written directly) is
 * split as an invoice would split it, by ticketLines.
 */
async function addIrregular(
  db: Queryable,
  groups: Group[],
  fallbackSlabs: readonly TaxSlab[],
  add: (group: Omit<Group, 'price' | 'slabs'>, price: number, rate: number, tickets: number) => void,
) {
  const ids = groups.map((g) => g.slabs!);
  const result = (await db.execute(sql`
    select b.show_id, b.seats, b.amount_paise, b.tax_rates, b.channel, b.complimentary, s.layout, s.prices,
      (select i.lines from invoices i where i.booking_id = b.id order by i.issued_at desc, i.serial desc limit 1) as lines
    from bookings b join shows s on s.id = b.show_id
    where b.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`)) as unknown as Rows<{
    show_id: string;
    seats: string[];
    amount_paise: number;
    tax_rates: unknown;
    channel: BookingChannel;
    complimentary: boolean;
    layout: Layout;
    prices: Record<string, number>;
    lines: { total: number; rate: number }[] | null;
  }>;
  for (const b of result.rows) {
    const invoiced = b.lines && b.lines.length >= b.seats.length ? b.lines : null;
    const lines = invoiced
      ? b.seats.map((seat, i) => ({
          seat,
          price: Number(invoiced[i]!.total),
          rate: Number(invoiced[i]!.rate),
        }))
      : ticketLines({
          seats: b.seats,
          seatPrice: (seat) => b.prices[seatClassOf(b.layout, seat) ?? ''],
          amountPaise: Number(b.amount_paise),
          slabs: heldSlabs(b.tax_rates, fallbackSlabs),
        });
    for (const line of lines) {
      const cls = seatClassOf(b.layout, line.seat) ?? '';
      const group = {
        show_id: b.show_id,
        class: cls,
        channel: b.channel,
        complimentary: b.complimentary,
        tickets: 1,
      };
      add(group, line.price, line.rate, 1);
    }
  }
}
