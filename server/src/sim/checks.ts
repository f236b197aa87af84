import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { exchangeLateReasons } from '../features/bookings/index.ts';
import { lateReasons } from '../features/checkout/index.ts';
import { SHOW_CANCELLED_REASON } from '../features/programme/index.ts';
import { paidBack, type Ledger } from './fake-gateway.ts';

/**
 * The simulator's checks (decision 0021): the queries of every invariant over one world — its shows
 * `p_shows`, cashiers `p_cashiers`, products `p_products` and clock `p_now` — and the pure part of
 * what their rows must not contain (`World` judges those that compare with the step before).
 *
 * `installChecks` makes the queries one function of the database, `sim_check_world`, called once
 * per step: one round trip instead of a dozen, and plans made once per campaign instead of at every
 * step (planning the queries cost twice their execution on the embedded database).
 */

/**
 * Whether a booking is a world's (`OURS_FUNCTION`, installed by `installChecks`): one of its shows',
 * or food and drink one of its cashiers sold on its own (no show: the booking's user is the
 * seller). A SQL function of one expression, so the planner inlines it and still uses the indexes.
 */
const OURS_FUNCTION = 'sim_world_booking';
const OURS = `${OURS_FUNCTION}(b.show_id, b.user_id, p_shows, p_cashiers)`;

/** Text as a SQL literal. */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
/** A refund of one of the booking `b`'s payments (or of the booking itself) whose reason is one of `reasons`. */
const refundedFor = (reasons: string[]) => `exists (select 1 from refunds r
  where r.reason in (${reasons.map(literal).join(', ')})
    and (r.booking_id = b.id or r.payment_id in (select p.id from payments p where p.booking_id = b.id)))`;

export const PROBES = {
  /** CONTRACT §4: no seat held twice; claims agree with the booking's status; a paid booking has a running show, was paid before it started, one captured payment (exchanged: one per invoiced payment), comes to its amount and has no refund; a captured payment not kept has a refund; a payment is refunded exactly when its refund succeeded; an expiry before the deadline has a refund. */
  invariants: `
    select 'seat ' || seat || ' of ' || show_id || ' held twice' as v
      from booking_seats where is_live and show_id = any (p_shows) group by show_id, seat having count(*) > 1
    union all
    select 'claims of ' || b.status || ' booking ' || b.id || ' disagree' from bookings b
      where ${OURS} and (
        (b.status in ('pending', 'paid') and (select count(*) from booking_seats bs where bs.booking_id = b.id and bs.is_live) <>
          -- A dearer exchange's hold on the booking's own show holds only the seats it does not have yet.
          (select count(*) from unnest(b.seats) x(seat) where not exists (select 1 from bookings o
            where o.id = b.exchange_of and o.show_id = b.show_id and x.seat = any (o.seats))))
        or (b.status in ('cancelled', 'expired') and exists (select 1 from booking_seats bs where bs.booking_id = b.id and bs.is_live)))
    union all
    select 'paid booking ' || b.id || ' has ' ||
        case when s.status <> 'active' then 'a cancelled show'
             when b.paid_at >= s.starts_at then 'been paid after its show started'
             when exists (select 1 from payments p join refunds r on r.payment_id = p.id where p.booking_id = b.id) then 'a refund'
             when b.ticket_version = 1 and m.captures <> 1 then 'not exactly one captured payment'
             when b.ticket_version > 1 and m.captures <> m.invoiced then m.captures || ' captured payments for ' || m.invoiced || ' invoiced'
             else 'taken ' || m.captured || ' paise, given back ' || m.given_back || ' at exchanges, for ' || b.amount_paise end
      from bookings b join shows s on s.id = b.show_id,
        lateral (select
          (select count(*) from payments p where p.booking_id = b.id and p.status = 'succeeded') as captures,
          (select coalesce(sum(p.amount_paise), 0) from payments p where p.booking_id = b.id and p.status = 'succeeded') as captured,
          (select count(*) from invoices i where i.booking_id = b.id and i.payment_id is not null) as invoiced,
          (select coalesce(sum(r.amount_paise), 0) from refunds r where r.booking_id = b.id and r.purpose like 'exchange:%') as given_back) m
      where ${OURS} and b.status = 'paid' and (
        s.status <> 'active' or b.paid_at >= s.starts_at
        -- Never exchanged: exactly one captured payment. Each dearer exchange adds the payment of
        -- its difference (and an invoice for it); cheaper ones give part back (CONTRACT §13).
        or (b.ticket_version = 1 and m.captures <> 1)
        or (b.ticket_version > 1 and m.captures <> m.invoiced)
        or m.captured - m.given_back <> b.amount_paise
        or exists (select 1 from payments p join refunds r on r.payment_id = p.id where p.booking_id = b.id))
    union all
    select 'paid items-only booking ' || b.id || ' has ' || m.captures || ' captured payments' from bookings b,
        lateral (select count(*) as captures from payments p where p.booking_id = b.id and p.status = 'succeeded') m
      where ${OURS} and b.show_id is null and b.status = 'paid' and m.captures <> 1
    union all
    select 'captured payment ' || p.id || ' of ' || b.status || ' booking ' || b.id || ' has no refund'
      from payments p join bookings b on b.id = p.booking_id
      where ${OURS} and p.status = 'succeeded' and b.status <> 'paid'
        and not exists (select 1 from refunds r where r.payment_id = p.id)
    union all
    select 'payment ' || p.id || ' is ' || p.status || ' but its refund is ' || coalesce(r.status, 'missing')
      from payments p join bookings b on b.id = p.booking_id left join refunds r on r.payment_id = p.id
      where ${OURS} and ((p.status = 'refunded') <> (coalesce(r.status, '') = 'succeeded'))
    union all
    select 'booking ' || b.id || ' expired before its deadline with no refund' from bookings b
      where ${OURS} and b.status = 'expired' and b.expired_at < b.expires_at
        and not exists (select 1 from payments p join refunds r on r.payment_id = p.id where p.booking_id = b.id)`,
  /** The world's refunds to the gateways, for the fakes' ledger (`ledgerProblems`). */
  ledger: `
    select r.id, r.payment_ref as ref, r.gateway, r.status, r.amount_paise as amount from refunds r
    join bookings b on b.id = coalesce(r.booking_id, (select rp.booking_id from payments rp where rp.id = r.payment_id),
      -- Money a checkout took that never was its payment (a wrong amount): found by the checkout's ref.
      (select rp.booking_id from payments rp where rp.gateway = r.gateway and rp.gateway_ref = r.payment_ref))
    where b.show_id = any (p_shows) and r.gateway <> 'counter'`,
  /** Every status, for the legal transitions (in an order of their own: rows get aliases in it); `early`: a booking whose window is still open by the clock and has no refund. */
  transitions: `
    select 'booking' as kind, b.id, b.status,
        b.expires_at > p_now and not exists (
          select 1 from payments p join refunds r on r.payment_id = p.id where p.booking_id = b.id) as early
      from bookings b where ${OURS}
    union all
    select 'payment', p.id, p.status, false from payments p join bookings b on b.id = p.booking_id where ${OURS}
    union all
    select 'refund', r.id, r.status, false from refunds r
      join bookings b on b.id = coalesce(r.booking_id, (select rp.booking_id from payments rp where rp.id = r.payment_id)) where ${OURS}
    order by kind, id`,
  /** The seats that block a sale now (paid, or held and not lapsed), for the processes' seat maps. */
  seatMaps: `
    select bs.show_id as show, bs.seat from booking_seats bs join bookings b on b.id = bs.booking_id
    where bs.show_id = any (p_shows) and bs.is_live
      and (b.status = 'paid' or (b.status = 'pending' and b.expires_at > p_now))`,
  /** Each booking's tax documents against what it took (`invoiceProblems`). */
  invoices: `
    select b.id, b.paid_at is not null as ever_paid, b.ticket_version as version, b.amount_paise,
      (select count(*) from invoices i where i.booking_id = b.id)::int as invoices,
      (select coalesce(sum(i.total_paise), 0) from invoices i where i.booking_id = b.id)::int as invoiced,
      coalesce((select i.total_paise from invoices i where i.booking_id = b.id
        order by i.issued_at desc, i.serial desc limit 1), 0)::int as latest,
      (select coalesce(sum(c.total_paise), 0) from credit_notes c join invoices i on i.id = c.invoice_id
        where i.booking_id = b.id and c.refund_id is not null)::int as credited,
      (select coalesce(sum(r.amount_paise), 0) from refunds r
        where r.payment_id in (select i.payment_id from invoices i where i.booking_id = b.id))::int as refunded,
      (select count(*) from credit_notes c join invoices i on i.id = c.invoice_id
        where i.booking_id = b.id and c.refund_id is null)::int as cancels,
      (select coalesce(sum(c.total_paise), 0) from credit_notes c join invoices i on i.id = c.invoice_id
        where i.booking_id = b.id and c.refund_id is null)::int as cancelled,
      (select coalesce(sum(p.amount_paise), 0) from payments p
        where p.booking_id = b.id and p.status in ('succeeded', 'refunded'))::int as captured,
      (select coalesce(sum(r.amount_paise), 0) from refunds r
        where r.booking_id = b.id or r.payment_id in (select p.id from payments p where p.booking_id = b.id))::int as given_back
    from bookings b where ${OURS}`,
  /** Invoice and credit-note serials of each financial year (every world's: the series are the cinema's). */
  serials: `
    select 'invoice' as series, financial_year as year, count(*)::int as n, min(serial)::int as lo,
        max(serial)::int as hi, count(distinct serial)::int as distinct
      from invoices group by financial_year
    union all
    select 'credit note', financial_year, count(*)::int, min(serial)::int, max(serial)::int, count(distinct serial)::int
      from credit_notes group by financial_year`,
  /** Each cashier's shift: its float and the cash its rows say the drawer holds. */
  shifts: `
    select s.id, s.opening_float_paise as float,
      (s.opening_float_paise
        + coalesce((select sum(p.amount_paise) from payments p join counter_sales cs on cs.payment_id = p.id
            where cs.shift_id = s.id and cs.method = 'cash' and p.gateway = 'counter'), 0)
        - coalesce((select sum(r.amount_paise) from refunds r join counter_refunds cr on cr.refund_id = r.id
            join payments p on p.id = r.payment_id join counter_sales cs on cs.payment_id = p.id
            where cr.shift_id = s.id and cs.method = 'cash' and r.status = 'succeeded'), 0))::int as expected
    from shifts s where s.user_id = any (p_cashiers) order by s.id`,
  /** A counter payment ends as a paid counter sale of its claimed seats or items for its amount, or is refunded in full; it always has its counter sale. */
  counterPayments: `
    select 'counter payment ' || p.id || ' of ' || b.status || ' booking ' || b.id || ' ' ||
        case when cs.booking_id is null then 'has no counter sale'
             when b.status = 'paid' then 'is not a paid sale of its claimed seats or items'
             else 'is not refunded in full' end as v
    from payments p join bookings b on b.id = p.booking_id
    left join counter_sales cs on cs.booking_id = b.id and cs.payment_id = p.id
    where ${OURS} and p.gateway = 'counter' and (
      cs.booking_id is null
      or (b.status = 'paid' and not (
        p.status = 'succeeded' and b.channel = 'counter' and p.amount_paise = b.amount_paise
        and cs.amount_paise = p.amount_paise
        and ((b.show_id is not null and cardinality(b.seats) > 0)
          -- Food and drink on its own: no seats, and its live items come to what it was sold for.
          or (b.show_id is null and cardinality(b.seats) = 0 and b.amount_paise = (
            select coalesce(sum(bi.quantity * bi.unit_price_paise), 0) from booking_items bi
            where bi.booking_id = b.id and bi.is_live)))
        and (select count(*) from booking_seats bs where bs.booking_id = b.id and bs.is_live) = cardinality(b.seats)
        and not exists (select 1 from booking_seats bs where bs.booking_id = b.id and bs.is_live
          and not (bs.seat = any (b.seats)))
        and not exists (select 1 from refunds r where r.payment_id = p.id)))
      or (b.status <> 'paid' and not exists (select 1 from refunds r where r.payment_id = p.id
          and r.amount_paise = p.amount_paise)))`,
  /** Live claims, for seats that do not exist; `lapsed`: a hold past its deadline, which blocks no one. */
  strayClaims: `
    select bs.show_id as show, bs.seat, b.status = 'pending' and b.expires_at <= p_now as lapsed
    from booking_seats bs join bookings b on b.id = bs.booking_id where bs.show_id = any (p_shows) and bs.is_live`,
  /** Each product's stock and the units its live claims hold. */
  stock: `
    select p.id, p.stock,
      coalesce((select sum(bi.quantity) from booking_items bi where bi.product_id = p.id and bi.is_live), 0)::int as live
    from products p where p.id = any (p_products) order by p.id`,
  /** A booking neither pending nor paid claims no items. */
  deadItems: `
    select 'items of ' || b.status || ' booking ' || b.id || ' still claimed' as v from bookings b
    where ${OURS} and b.status not in ('pending', 'paid')
      and exists (select 1 from booking_items bi where bi.booking_id = b.id and bi.is_live)`,
  /** CONTRACT §13: an offer is its entry's party, of its buyer, on its show (until exchanged); one live offer per buyer and show; offers in join order among parties that fit (a buyer with a booking of the show keeps their place). */
  waitlist: `
    select 'offer ' || b.id || ' of entry ' || e.id || ' is not its party of ' || e.quantity || ' on its show' as v
      from waitlist_entries e join bookings b on b.id = e.offer_booking_id
      -- Until it is exchanged (paid, it is a booking like any other, CONTRACT §13).
      where e.show_id = any (p_shows) and b.ticket_version = 1 and (b.user_id <> e.user_id
        or b.show_id <> e.show_id or cardinality(b.seats) <> e.quantity or b.channel <> 'waitlist')
    union all
    select 'buyer ' || b.user_id || ' has ' || count(*) || ' live offers on ' || b.show_id
      from bookings b where b.show_id = any (p_shows) and b.channel = 'waitlist' and b.status = 'pending'
        and b.expires_at > p_now
      group by b.user_id, b.show_id having count(*) > 1
    union all
    select 'entry ' || e.id || ' was offered before ' || w.id || ', which joined first and fits'
      from waitlist_entries e join waitlist_entries w on w.show_id = e.show_id and w.seq < e.seq
      where e.show_id = any (p_shows) and e.offered_at is not null and w.status = 'waiting'
        and w.quantity <= e.quantity
        and not exists (select 1 from bookings o where o.user_id = w.user_id and o.show_id = w.show_id
          and o.created_at <= e.offered_at)`,
  /**
   * One email per event (the outbox's dedupe key makes a second one a no-op): a booking paid
   * (at the counter only when the customer left an address), cancelled by its buyer or staff once
   * paid, on a show cancelled once paid, whose payment arrived too late, each exchange, each
   * waiting-list offer. Counted per booking and kind against what its rows say happened; the shows'
   * moves, against the buyers their audit rows say each move had to tell.
   */
  outbox: `
    select 'booking ' || b.id || ' has ' || coalesce(o.n, 0) || ' ' || e.kind || ' emails for ' || e.expected || ' events' as v
    from bookings b
      cross join lateral (values
        ('booking-paid', (b.paid_at is not null and (b.channel <> 'counter' or exists (select 1 from counter_sales cs
          where cs.booking_id = b.id and cs.customer_email is not null)))::int),
        ('booking-cancelled', (b.status = 'cancelled' and b.paid_at is not null and b.channel <> 'counter'
          and not ${refundedFor([SHOW_CANCELLED_REASON])})::int),
        ('show-cancelled', (${refundedFor([SHOW_CANCELLED_REASON])})::int),
        ('late-payment-refunded', (${refundedFor([...Object.values(lateReasons), ...Object.values(exchangeLateReasons)])})::int),
        ('booking-exchanged', b.ticket_version - 1),
        ('waitlist-offer', (b.channel = 'waitlist')::int)) e(kind, expected)
      left join lateral (select count(*)::int as n from email_outbox eo where eo.booking_id = b.id and eo.kind = e.kind) o on true
    where ${OURS} and coalesce(o.n, 0) <> e.expected
    union all
    -- A booking may be exchanged to another show after a move told it, so counted over the world.
    select 'shows moved with ' || m.told || ' buyers to tell, and ' || m.emails || ' show-moved emails'
    from (select
        (select coalesce(sum((l.details ->> 'buyersEmailed')::int), 0) from audit_log l
          where l.entity_type = 'show' and l.action = 'show.update'
            and l.entity_id in (select unnest(p_shows)::text)) as told,
        (select count(*) from email_outbox eo join bookings b on b.id = eo.booking_id
          where ${OURS} and eo.kind = 'show-moved') as emails) m
    where m.told <> m.emails`,
  /** Paid bookings' live claims against the show and seats they name (`World`: and against the last step). */
  exchanges: `
    select b.id, b.ticket_version as version,
      (select string_agg(bs.show_id || ':' || bs.seat, ',') from booking_seats bs
        where bs.booking_id = b.id and bs.is_live) as claims,
      (select string_agg(b.show_id || ':' || x.seat, ',') from unnest(b.seats) x(seat)) as says
    from bookings b where b.show_id = any (p_shows) and b.status = 'paid'`,
};

export type ProbeName = keyof typeof PROBES;
/** A row of a probe's answer, as JSON gives it. */
export type Row = Record<string, unknown>;
/** What a probe's rows say is wrong: one sentence per problem. */
export type Judge = (rows: Row[]) => string[] | Promise<string[]>;

// Not `marquee_`: that prefix names the app's own database code (server/src/db/sql), which this is not.
const FUNCTION = 'sim_check_world';

/**
 * Creates `sim_check_world(p_shows, p_cashiers, p_products, p_now, p_since)`. It answers the
 * next transaction id (`xid`) and whether it moved since `p_since` (`wrote`): if it did not, the
 * step committed nothing and only the seat maps' rows come back; otherwise every probe's rows.
 * Generic plans: the arguments change at every step, the plans need not.
 */
export async function installChecks(db: Db): Promise<void> {
  const answers = (names: ProbeName[]) =>
    `json_build_object(${names
      .map((name) => `'${name}', (select coalesce(json_agg(q), '[]'::json) from (${PROBES[name]}) q)`)
      .join(',\n')})`;
  await db.execute(
    sql.raw(`
      create or replace function ${OURS_FUNCTION}(p_show uuid, p_user text, p_shows uuid[], p_cashiers text[])
      returns boolean language sql immutable as
      $ours$ select p_show = any (p_shows) or (p_show is null and p_user = any (p_cashiers)) $ours$`),
  );
  await db.execute(
    sql.raw(`
      create or replace function ${FUNCTION}(p_shows uuid[], p_cashiers text[], p_products uuid[],
        p_now timestamptz, p_since text) returns json
      language plpgsql stable set plan_cache_mode = force_generic_plan as $check$
      declare
        next_xid text := pg_snapshot_xmax(pg_current_snapshot())::text;
      begin
        if next_xid = p_since then
          return json_build_object('xid', next_xid, 'wrote', false, 'answers', ${answers(['seatMaps'])});
        end if;
        return json_build_object('xid', next_xid, 'wrote', true,
          'answers', ${answers(Object.keys(PROBES) as ProbeName[])});
      end
      $check$`),
  );
}

export interface CheckScope {
  shows: string[];
  cashiers: string[];
  products: string[];
  now: Date;
}

export interface CheckAnswer {
  /** The first transaction id not yet assigned when the check ran: it moves when anything writes (or notifies). */
  xid: string;
  /** Whether it moved since the last check's; if not, `answers` has the seat maps' rows alone. */
  wrote: boolean;
  answers: Partial<Record<ProbeName, Row[]>>;
}

const ids = (values: string[]) => `{${values.join(',')}}`;

/** The world's bookings (of `scope`), as a condition on the alias `b`, for the world's own queries. */
export function oursCondition(scope: Pick<CheckScope, 'shows' | 'cashiers'>): SQL {
  return sql`${sql.raw(OURS_FUNCTION)}(b.show_id, b.user_id, ${ids(scope.shows)}::uuid[], ${ids(scope.cashiers)}::text[])`;
}

/** One world's check: every probe's rows, or the seat maps' alone when nothing wrote since `since`. */
export function checkQuery(scope: CheckScope, since: string): SQL {
  return sql`select ${sql.raw(FUNCTION)}(${ids(scope.shows)}::uuid[], ${ids(scope.cashiers)}::text[],
    ${ids(scope.products)}::uuid[], ${scope.now.toISOString()}::timestamptz, ${since}) as answer`;
}

/** Probes whose rows are problems already, one `v` each. */
export function named(rows: Row[]): string[] {
  return rows.map((row) => row.v as string);
}

interface LedgerRefund {
  id: string;
  ref: string;
  gateway: string;
  status: string;
  amount: number;
}

/**
 * The fake gateways' ledger against the refunds recorded: each refund paid back at most once, a
 * payment more than once only as often as refunds were recorded for it (a cheaper exchange's
 * difference, then a cancel's: CONTRACT §13), never more than it took, never with no refund
 * recorded for it; what a payment's refunds ask never exceeds what it took; every refund the
 * database calls succeeded was paid back.
 */
export function ledgerProblems(rows: Row[], ledger: Ledger): string[] {
  const refunds = rows as unknown as LedgerRefund[];
  const problems: string[] = [];
  const byRef = new Map<string, LedgerRefund[]>();
  for (const refund of refunds) byRef.set(refund.ref, [...(byRef.get(refund.ref) ?? []), refund]);
  for (const entry of ledger.entries.values()) {
    const made = paidBack(entry);
    const recorded = byRef.get(entry.ref) ?? [];
    if (made.length > 1 && made.length > recorded.length)
      problems.push(`gateway paid back ${made.length} times for ${entry.ref}`);
    const times = new Map<string, number>();
    for (const refund of made) times.set(refund.refundId, (times.get(refund.refundId) ?? 0) + 1);
    for (const [refundId, n] of times)
      if (n > 1) problems.push(`gateway paid back ${n} times for refund ${refundId} of ${entry.ref}`);
    const back = made.reduce((sum, refund) => sum + refund.amountPaise, 0);
    if (back > entry.capturedPaise) problems.push(`gateway paid back more than it took for ${entry.ref}`);
    if (made.length && !recorded.length)
      problems.push(`money paid back for ${entry.ref} with no refund recorded`);
    else if (made.some((refund) => !recorded.some((row) => row.id === refund.refundId)))
      problems.push(`money paid back for ${entry.ref} under a refund not recorded for it`);
    const asked = recorded.reduce((sum, refund) => sum + refund.amount, 0);
    if (asked > entry.capturedPaise)
      problems.push(
        `refunds of ${entry.ref} come to ${asked} paise, more than the ${entry.capturedPaise} it took`,
      );
  }
  for (const refund of refunds) {
    const entry = ledger.entries.get(refund.ref);
    // A refund of nothing (staff cancelling past the policy's last tier) asks no gateway.
    if (refund.status === 'succeeded' && refund.amount > 0 && !(entry && paidBack(entry).length)) {
      problems.push(`refund ${refund.id} succeeded but the gateway paid nothing back`);
    }
  }
  return problems;
}

interface InvoiceDocs {
  id: string;
  ever_paid: boolean;
  version: number;
  amount_paise: number;
  invoices: number;
  invoiced: number;
  latest: number;
  credited: number;
  refunded: number;
  cancels: number;
  cancelled: number;
  captured: number;
  given_back: number;
}

/**
 * Tax invoices (CONTRACT §10), the query shape of invariants.property.test.ts: a booking ever
 * paid and never exchanged has exactly one invoice for its amount, one never paid has none; the
 * credit notes of a booking's refunds sum to the refunds of its invoiced payments.
 *
 * An exchange (CONTRACT §13) cancels the invoice that stood by a credit note of all of it (no
 * refund tied to it) and issues a new one: a booking at ticket version v has v invoices, the
 * latest for its amount, v − 1 cancelling notes covering exactly the earlier invoices, and what
 * its documents add up to (invoices − notes) is what it took (captured − refunded, every refund
 * recorded, exchange differences included). A booking never exchanged has no cancelling note.
 */
export function invoiceProblems(rows: Row[]): string[] {
  const problems: string[] = [];
  for (const doc of rows as unknown as InvoiceDocs[]) {
    const expected = doc.ever_paid ? doc.version : 0;
    if (doc.invoices !== expected)
      problems.push(
        `booking ${doc.id} ${doc.ever_paid ? `was paid (ticket version ${doc.version})` : 'was never paid'} and has ${doc.invoices} invoices`,
      );
    else if (doc.ever_paid && doc.latest !== doc.amount_paise)
      problems.push(`booking ${doc.id} of ${doc.amount_paise} paise is invoiced for ${doc.latest}`);
    if (doc.credited !== doc.refunded)
      problems.push(
        `booking ${doc.id} has credit notes of ${doc.credited} paise for refunds of ${doc.refunded}`,
      );
    if (doc.cancels !== (doc.ever_paid ? doc.version - 1 : 0))
      problems.push(
        `booking ${doc.id} at ticket version ${doc.version} has ${doc.cancels} invoices cancelled by a credit note`,
      );
    else if (doc.ever_paid && doc.version > 1) {
      if (doc.cancelled !== doc.invoiced - doc.latest)
        problems.push(
          `booking ${doc.id}: its cancelling notes come to ${doc.cancelled} paise, its earlier invoices to ${doc.invoiced - doc.latest}`,
        );
      else if (doc.invoiced - doc.cancelled - doc.credited !== doc.captured - doc.given_back)
        problems.push(
          `booking ${doc.id}: its documents come to ${doc.invoiced - doc.cancelled - doc.credited} paise, it took ${doc.captured - doc.given_back}`,
        );
    }
  }
  return problems;
}

/** Invoice and credit-note serials of each financial year run 1…N with no gap or repeat. */
export function serialProblems(rows: Row[]): string[] {
  return (
    rows as unknown as { series: string; year: string; n: number; lo: number; hi: number; distinct: number }[]
  )
    .filter((row) => row.lo !== 1 || row.hi !== row.n || row.distinct !== row.n)
    .map(
      (row) =>
        `${row.series} serials of ${row.year} are not 1…${row.n} (from ${row.lo} to ${row.hi}, ${row.distinct} distinct)`,
    );
}

/**
 * Food and drink (CONTRACT §12): for every product, stock left plus the units in live claims is
 * the stock it started with (`initial`, in the order of `productIds`), never below 0.
 */
export function stockProblems(rows: Row[], productIds: string[], initial: number[]): string[] {
  const problems: string[] = [];
  for (const row of rows as unknown as { id: string; stock: number; live: number }[]) {
    const started = initial[productIds.indexOf(row.id)]!;
    if (row.stock < 0) problems.push(`product ${row.id} has stock ${row.stock}`);
    if (row.stock + row.live !== started)
      problems.push(
        `product ${row.id}: stock ${row.stock} + ${row.live} units claimed is not the ${started} it started with`,
      );
  }
  return problems;
}

/**
 * Live claims of seats that are not on their show's map (`shows`: the seats as staff last left
 * them). A shrink may leave out a seat of a lapsed hold, which blocks no one (`blocksSeat`); the
 * claim stays until a sweep ends it, and a late payment for it is refunded (the seat is off the map).
 */
export function strayClaimProblems(rows: Row[], shows: { id: string; seats: string[] }[]): string[] {
  return (rows as unknown as { show: string; seat: string; lapsed: boolean }[])
    .filter((row) => !row.lapsed && !shows.find((show) => show.id === row.show)?.seats.includes(row.seat))
    .map((row) => `seat ${row.seat} of ${row.show} is claimed but does not exist`);
}
