import { randomUUID } from 'node:crypto';
import { seatIds, toZonedParts, type Layout, type UpdateShowInput } from '@marquee/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/client.ts';
import { insertMovie, insertShow, insertUser } from '../fixtures/factories.ts';
import { products } from '../db/schema.ts';
import {
  cashUpOf,
  openShift,
  refundAtCounter,
  sellAtCounter,
  closeShift,
  expectedCashPaise,
} from '../features/boxoffice/index.ts';
import { makeOffers, joinWaitlist, leaveWaitlist } from '../features/waitlist/index.ts';
import {
  cancelBooking,
  createBooking,
  exchangeBooking,
  KnownSeats,
  releaseExpiredHolds,
} from '../features/bookings/index.ts';
import {
  closeCheckouts,
  counterGateway,
  type GatewayName,
  type PaymentGateway,
  readRazorpayWebhook,
  findDiscrepancies,
  carryOutRefunds,
  retryRefund,
  settleRefund,
} from '../features/payments/index.ts';
import { receiveEvent } from '../features/checkout/index.ts';
import { cancelShow, deleteShow, updateShow } from '../features/programme/index.ts';
import { SEAT_CHANNEL, SeatMapCache } from '../features/seats/index.ts';
import { AppError } from '../lib/app-error.ts';
import { emptyLedger, FakeGateway, paidBack, type Ledger, type RefundFault } from './fake-gateway.ts';
import {
  checkQuery,
  type CheckAnswer,
  invoiceProblems,
  ledgerProblems,
  named,
  oursCondition,
  serialProblems,
  stockProblems,
  strayClaimProblems,
  type Judge,
  type ProbeName,
  type Row,
} from './checks.ts';
import { gatedDb } from './gated-db.ts';
import { Scheduler, type ActorHandle } from './scheduler.ts';

export const PROCESSES = 2;
/**
 * Shows 0 and 1 start with a paid booking each (`firstSale`, the first `FIRST_SALES`); show 2 starts
 * empty, so staff can delete it until someone books it.
 */
export const SHOWS = 3;
const FIRST_SALES = 2;
export const SEATS_PER_SHOW = 6;
export const USERS = 3;
export const WINDOW_SECONDS = 600;
export const CASHIERS = 2;
export const PRODUCTS = 2;
/** Each world's menu: stock of each product (decision 0021, food and drink). */
const STOCK = [3, 2];
/** Each product's price (tax included), as the claim charges it. */
const PRODUCT_PRICES_PAISE = [10_000, 15_000];
const FLOATS = [100_000, 50_000];
/** Pay commands from this `pick` up have the gateway take the wrong amount (commands.ts draws 0–20). */
export const WRONG_AMOUNT_PICK = 19;
/**
 * Each show's ticket price: show 1 costs more, so an exchange between it and show 0 or 2 is dearer or
 * cheaper (until staff change a price: `editShow`).
 */
const PRICES_PAISE = [25_000, 30_000, 25_000];
/** The cinema's time zone, in which staff name a show's date and time. */
const TIME_ZONE = 'Asia/Kolkata';
/**
 * The simulator's cancellation policy (CONTRACT §13): full refund, and exchanges, until 45 minutes
 * before the start, half until 15; the shows start 1 h, 2 h and 3 h after each world's start
 * (until staff move them), so exchanges are open for a while on each and part refunds still happen.
 */
export const SIM_TIERS = [
  { minutesBefore: 45, refundPercent: 100 },
  { minutesBefore: 15, refundPercent: 50 },
];
/** The runner's own channel: a NOTIFY on it marks "everything before has been delivered". */
const BARRIER_CHANNEL = 'marquee_sim_barrier';

/** One step of a schedule; `sched` picks the pause points, `leave` actors may stay in flight. */
export type Op =
  | {
      op: 'hold';
      proc: number;
      user: number;
      show: number;
      seats: number[];
      best: number;
      gateway: 'sandbox' | 'stripe' | 'razorpay';
      gap: boolean;
      failCheckout: boolean;
      /** Food and drink claimed with the seats (CONTRACT §12): product index and quantity. */
      items?: { product: number; quantity: number }[];
    }
  | { op: 'pay'; proc: number; pick: number; deliver: boolean }
  | { op: 'deliver'; proc: number; pick: number }
  | { op: 'cancel'; proc: number; pick: number; staff: boolean }
  | { op: 'cancelShow'; proc: number; show: number }
  | {
      /** Staff change a show: its price, its start (earlier or later), or its size (a grid of its own). */
      op: 'editShow';
      proc: number;
      show: number;
      change: 'prices' | 'move' | 'shrink' | 'grow';
      amount: number;
    }
  | { op: 'deleteShow'; proc: number; show: number }
  | { op: 'advance'; to: 'seconds' | 'window' | 'start'; amount: number }
  | { op: 'sweep'; proc: number }
  | { op: 'refunds'; proc: number; faults: RefundFault[] }
  | { op: 'retry'; proc: number; pick: number }
  | { op: 'crash'; pick: number }
  | { op: 'restart'; proc: number }
  | { op: 'browse'; proc: number; show: number }
  | {
      op: 'counterSell';
      proc: number;
      cashier: number;
      show: number;
      seats: number[];
      method: 'cash' | 'card' | 'upi';
      extra: number;
    }
  | { op: 'counterRefund'; proc: number; cashier: number; pick: number }
  | {
      /** Food and drink sold on its own at the counter (no show, no seats): product index and quantity. */
      op: 'counterItems';
      proc: number;
      cashier: number;
      items: { product: number; quantity: number }[];
      method: 'cash' | 'card' | 'upi';
      extra: number;
    }
  | { op: 'shift'; proc: number; cashier: number }
  | { op: 'join'; proc: number; user: number; show: number; quantity: number }
  | { op: 'offers'; proc: number }
  | { op: 'leave'; proc: number; pick: number }
  | {
      op: 'exchange';
      proc: number;
      pick: number;
      show: number;
      offset: number;
      gateway: 'sandbox' | 'stripe' | 'razorpay';
      /** A dearer exchange's difference: paid at once, left to a later 'pay', or never (it lapses). */
      pay: 'now' | 'later' | 'never';
      /** A second exchange of the same booking, on the other process, racing the first. */
      race: { show: number; offset: number } | null;
    };
/** `crash`: the actor dies when it reaches a gateway's refund call (after claiming the refund). */
export type Command = Op & { sched: number[]; leave: number; crash?: boolean };

export interface Counters {
  lateHonoured: number;
  lateRefunded: Record<string, number>;
  duplicateEvent: number;
  lostRefundAnswer: number;
  crashAfterClaim: number;
  /** Razorpay refund settlements (refund.processed / refund.failed) by what settleRefund did. */
  refundSettled: Record<string, number>;
  /** Box office, food and drink, waiting list: how often each got going. */
  counterSales: number;
  counterCashRefunds: number;
  itemsClaimed: number;
  /** Items-only counter sales made, and refused for want of stock (409). */
  itemsOnlySales: number;
  itemsOnlyOutOfStock: number;
  waitlistJoins: number;
  offersMade: number;
  /** Exchanges (CONTRACT §13) by outcome: `cheaper`, `equal`, `dearer held`, `dearer paid`, `refused`. */
  exchanges: Record<string, number>;
  /** Staff show edits and deletes by outcome: `prices`, `move`, `shrink`, `grow`, `delete`, `refused: …`. */
  showEdits: Record<string, number>;
  /** Steps of the PostgreSQL mode (release above 1) in which two actors' calls ran at once. */
  overlapped: number;
}

export function emptyCounters(): Counters {
  return {
    lateHonoured: 0,
    lateRefunded: {},
    duplicateEvent: 0,
    lostRefundAnswer: 0,
    crashAfterClaim: 0,
    refundSettled: {},
    counterSales: 0,
    counterCashRefunds: 0,
    itemsClaimed: 0,
    itemsOnlySales: 0,
    itemsOnlyOutOfStock: 0,
    waitlistJoins: 0,
    offersMade: 0,
    exchanges: {},
    showEdits: {},
    overlapped: 0,
  };
}

/** An invariant broke: the message says which, with the schedule's aliases. */
export class Violation extends Error {
  override name = 'Violation';
}

/** The world's record of one of its shows, read again when staff change or delete it (`refreshShow`). */
interface SimShow {
  id: string;
  startsAt: Date;
  seats: string[];
  pricePaise: number;
  /** Deleted by staff: later commands on it are the app's to refuse; its seat map answers no show. */
  deleted: boolean;
}

interface SimProcess {
  index: number;
  db: Db;
  seatMaps: SeatMapCache;
  known: KnownSeats;
  unlisten: () => Promise<void>;
}

const silent: FastifyBaseLogger = {
  level: 'silent',
  fatal() {},
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  silent() {},
  child() {
    return silent;
  },
} as unknown as FastifyBaseLogger;

const STEPS: Record<string, Record<string, string[]>> = {
  booking: {
    pending: ['paid', 'cancelled', 'expired'],
    paid: ['cancelled'],
    expired: ['paid'],
    cancelled: [],
  },
  payment: { open: ['succeeded', 'expired'], expired: ['succeeded'], succeeded: ['refunded'], refunded: [] },
  refund: { pending: ['succeeded', 'failed'], failed: ['pending', 'succeeded'], succeeded: [] },
};

/**
 * Legal status changes, closed under composition: between two checks a row may take several
 * steps (a payment open → succeeded → refunded within one late event and its refund).
 */
const LEGAL: Record<string, Record<string, Set<string>>> = Object.fromEntries(
  Object.entries(STEPS).map(([kind, steps]) => [
    kind,
    Object.fromEntries(
      Object.keys(steps).map((from) => {
        const reached = new Set<string>();
        const queue = [...steps[from]!];
        while (queue.length) {
          const next = queue.shift()!;
          if (reached.has(next)) continue;
          reached.add(next);
          queue.push(...(steps[next] ?? []));
        }
        return [from, reached];
      }),
    ),
  ]),
);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/**
 * One schedule's world: two processes over the shared database, fresh shows and buyers, two fake
 * gateways with their ledger, a clock, and the trace. `apply` runs one command and checks every
 * invariant; `drain` settles everything and checks that money is conserved (decision 0021).
 */
export class World {
  readonly scheduler: Scheduler;
  readonly ledger: Ledger;
  readonly trace: string[] = [];
  private readonly aliases = new Map<string, string>();
  private readonly aliasCounts = new Map<string, number>();
  private processes: SimProcess[] = [];
  private gateways!: {
    sandbox: FakeGateway;
    stripe: FakeGateway;
    razorpay: FakeGateway;
    all: Map<GatewayName, PaymentGateway>;
  };
  private users: string[] = [];
  private staff = '';
  private shows: SimShow[] = [];
  private bookingIds: string[] = [];
  private counterBookingIds: string[] = [];
  private entryIds: string[] = [];
  /** Per booking, the show and seats (`show:seat,seat`) each exchange of it asked for. */
  private readonly asked = new Map<string, Set<string>>();
  /** Per paid booking, its live claims and ticket version when last checked. */
  private readonly seen = new Map<string, { version: number; live: string }>();
  /** Checkouts of dearer exchanges whose buyer never pays: they lapse. */
  private readonly neverPaid = new Set<string>();
  /** The holds of dearer exchanges (their bookings, channel 'exchange'). */
  private readonly exchangeHolds = new Set<string>();
  private cashiers: string[] = [];
  private productIds: string[] = [];
  /** Cash the simulated counters took minus cash they paid back, as the cashiers saw it. */
  private drawerPaise = 0;
  private statuses = new Map<string, string>();
  private step = 0;
  now: Date;
  private readonly label: string;

  constructor(
    private readonly database: Database,
    start: Date,
    readonly counters: Counters,
    label: string,
    /** Pause points released at once (Scheduler): above 1 only on PostgreSQL. */
    release = 1,
  ) {
    this.scheduler = new Scheduler(release);
    this.now = start;
    this.ledger = emptyLedger(label);
    this.label = label;
  }

  get showIds(): string[] {
    return this.shows.map((show) => show.id);
  }

  /** This world's bookings, as a condition on the alias `b` (checks.ts says which they are). */
  private get ours() {
    return oursCondition({ shows: this.showIds, cashiers: this.cashiers });
  }

  async setup(): Promise<void> {
    const label = this.label;
    const db = this.database.db;
    this.gateways = {
      sandbox: new FakeGateway('sandbox', this.ledger, this.scheduler),
      stripe: new FakeGateway('stripe', this.ledger, this.scheduler),
      razorpay: new FakeGateway('razorpay', this.ledger, this.scheduler),
      all: new Map(),
    };
    this.gateways.all.set('sandbox', this.gateways.sandbox);
    this.gateways.all.set('stripe', this.gateways.stripe);
    this.gateways.all.set('razorpay', this.gateways.razorpay);
    this.gateways.all.set('counter', counterGateway);
    for (let i = 0; i < USERS; i++) {
      const user = await insertUser(db, { name: `Buyer ${i}`, email: `sim-${label}-${i}@example.com` });
      this.users.push(this.alias(user.id, 'u'));
    }
    const staff = await insertUser(db, {
      name: 'Staff',
      email: `sim-${label}-staff@example.com`,
      role: 'admin',
    });
    this.staff = staff.id;
    for (let i = 0; i < CASHIERS; i++) {
      const cashier = await insertUser(db, {
        name: `Cashier ${i}`,
        email: `sim-${label}-cashier-${i}@example.com`,
        role: 'staff',
      });
      this.cashiers.push(this.alias(cashier.id, 'c'));
      const shift = await openShift({ db, userId: cashier.id, openingFloatPaise: FLOATS[i]!, now: this.now });
      this.alias(shift.id, 'f');
    }
    for (let i = 0; i < PRODUCTS; i++) {
      const id = randomUUID();
      await db.insert(products).values({
        id,
        name: `Sim ${label} product ${i}`,
        pricePaise: PRODUCT_PRICES_PAISE[i]!,
        taxRate: 5,
        stock: STOCK[i]!,
      });
      this.productIds.push(this.alias(id, 'm'));
    }
    const movie = await insertMovie(db, { title: `Sim ${label}` });
    for (let i = 0; i < SHOWS; i++) {
      const startsAt = new Date(this.now.getTime() + (i + 1) * 3_600_000);
      const show = await insertShow(db, {
        movieId: movie.id,
        startsAt,
        totalSeats: SEATS_PER_SHOW,
        pricePaise: PRICES_PAISE[i]!,
      });
      this.alias(show.id, 's');
      this.shows.push({
        id: show.id,
        startsAt,
        seats: seatIds(show.layout),
        pricePaise: PRICES_PAISE[i]!,
        deleted: false,
      });
    }
    for (let i = 0; i < FIRST_SALES; i++) await this.firstSale(i);
    for (let i = 0; i < PROCESSES; i++) this.processes.push(await this.startProcess(i));
    this.stopBarrier = await this.database.listen(BARRIER_CHANNEL, (token) => {
      if (token === this.barrierToken) this.barrierReached?.();
    });
  }

  /**
   * Each world starts with a paid online booking on shows 0 and 1 (buyer i, the first seat of show
   * i, paid through the sandbox-shaped fake and its event received), so exchanges, dearer and
   * cheaper, have something to change from the first command; they are checked like any other.
   * Show 2 starts with none, so a delete of it succeeds until someone books it.
   */
  private async firstSale(i: number): Promise<void> {
    const db = this.database.db;
    const show = this.shows[i]!;
    const created = await createBooking({
      db: db as unknown as Db,
      gateway: this.gateways.sandbox,
      gateways: this.gateways.all,
      log: silent,
      now: this.now,
      userId: this.users[i % USERS]!,
      showId: show.id,
      choice: { seatIds: [show.seats[0]!] },
      rules: { gapRule: false, releaseMinutes: 60 },
      known: new KnownSeats(),
      limits: { windowSeconds: WINDOW_SECONDS, maxUnpaid: 3, maxPerShow: 1 },
      seatMaps: new SeatMapCache(db as unknown as Db),
    });
    const bookingId = this.alias(created.hold.bookingId, 'b');
    this.bookingIds.push(bookingId);
    const [payment] = await this.rows<{ ref: string; amount: number }>(
      sql`select gateway_ref as ref, amount_paise as amount from payments where booking_id = ${bookingId}`,
    );
    this.gateways.sandbox.capture(payment!.ref, payment!.amount);
    const owed = this.ledger.events.at(-1)!;
    await receiveEvent(
      {
        db: db as unknown as Db,
        gateways: this.gateways.all,
        clock: () => this.now,
        seatMaps: new SeatMapCache(db as unknown as Db),
        log: silent,
      },
      owed.parsed!,
    );
    owed.delivered = true;
    this.log(`  first sale ${bookingId} ${show.seats[0]!} paid`);
  }

  private stopBarrier: (() => Promise<void>) | null = null;
  private barrierToken = '';
  private barriers = 0;
  private barrierReached: (() => void) | null = null;

  /**
   * Waits until every NOTIFY committed so far has reached the listeners: one sent now arrives
   * after them (PostgreSQL delivers notifications in commit order; PGlite in order too).
   */
  private async barrier(): Promise<void> {
    this.barrierToken = `${this.label}:${++this.barriers}`;
    const reached = new Promise<void>((resolve) => (this.barrierReached = resolve));
    await this.database.db.execute(sql`select pg_notify(${BARRIER_CHANNEL}, ${this.barrierToken})`);
    await reached;
    this.barrierReached = null;
  }

  private async startProcess(index: number): Promise<SimProcess> {
    const db = gatedDb(this.database.db, this.scheduler);
    // Told after commit as the app's are: the database's notify (on PGlite, the listeners here directly).
    const seatMaps = new SeatMapCache(db, undefined, undefined, (shows) =>
      this.database.notify(SEAT_CHANNEL, shows),
    );
    const unlisten = await this.database.listen(SEAT_CHANNEL, (showId) =>
      showId ? seatMaps.invalidate(showId) : seatMaps.clear(),
    );
    return { index, db, seatMaps, known: new KnownSeats(), unlisten };
  }

  async close(): Promise<void> {
    this.counters.overlapped += this.scheduler.overlapped;
    for (const process of this.processes) await process.unlisten();
    await this.stopBarrier?.();
  }

  /** A short stable name for an id, in order of first sight. */
  alias(id: string, prefix: string): string {
    let name = this.aliases.get(id);
    if (!name) {
      const n = (this.aliasCounts.get(prefix) ?? 0) + 1;
      this.aliasCounts.set(prefix, n);
      name = `${prefix}${n}`;
      this.aliases.set(id, name);
    }
    return id;
  }

  /** Text with every id replaced by its alias (ids never seen become `?`). */
  named(text: string): string {
    return text.replace(UUID, (id) => this.aliases.get(id) ?? '?');
  }

  private log(line: string) {
    this.trace.push(this.named(line));
  }

  private refundDeps(process: SimProcess) {
    return { db: process.db, gateways: this.gateways.all, clock: () => this.now, log: silent };
  }

  /** Runs one command: its actor, the pause points it picks, then every invariant. */
  async apply(command: Command): Promise<void> {
    this.step++;
    this.log(`#${this.step} ${describe(command)}`);
    const before = this.lastStarted;
    const started = await this.begin(command);
    const handle = this.lastStarted !== before ? this.lastStarted : null;
    // The process dies once the actor has claimed a refund and is calling the gateway.
    while (command.crash && handle && !handle.done) {
      const points = this.scheduler.points().filter((point) => point.actor === handle.name);
      if (points.some((point) => point.what.endsWith('.refund'))) {
        this.counters.crashAfterClaim++;
        this.scheduler.crash(handle);
        this.pending = this.pending.filter((entry) => entry.handle !== handle);
        this.log(`  crashed ${handle.name} calling the gateway`);
        break;
      }
      if (!(await this.scheduler.stepActor(handle))) break;
    }
    let i = 0;
    while (this.scheduler.live().length > command.leave) {
      const label = await this.scheduler.step(command.sched[i++ % Math.max(1, command.sched.length)] ?? 0);
      if (label === null) break;
    }
    await this.scheduler.quiet();
    this.finish(started);
    await this.check();
  }

  private count(exchange: string) {
    this.counters.exchanges[exchange] = (this.counters.exchanges[exchange] ?? 0) + 1;
  }

  private lastStarted: ActorHandle | null = null;
  private pending: { handle: ActorHandle; describe: (result: unknown) => string }[] = [];

  private finish(started: boolean) {
    void started;
    for (const entry of [...this.pending]) {
      if (!entry.handle.done) continue;
      this.pending.splice(this.pending.indexOf(entry), 1);
      const { handle } = entry;
      if (handle.error !== undefined) {
        if (!(handle.error instanceof AppError)) {
          // The driver's error wraps the database's (which names the constraint): both are said.
          const cause = (handle.error as { cause?: unknown }).cause;
          throw new Violation(
            `${handle.name} failed unexpectedly: ${String(handle.error)}${cause ? `; cause: ${String(cause)}` : ''}`,
          );
        }
        this.log(`  ${handle.name} → ${handle.error.status} ${handle.error.message}`);
        if (handle.name.startsWith('exchange/'))
          this.count(`refused: ${handle.error.message.split(':')[0]!}`);
        // A refused edit or delete is an outcome like any other (seats held past a shrink, the
        // movie's slot taken, the show started, cancelled, deleted or booked).
        if (handle.name.startsWith('editShow/') || handle.name.startsWith('deleteShow/'))
          this.countEdit(
            `${handle.name.split('/')[0]} refused: ${handle.error.message.split(':')[0]!.replace(/\d+/g, 'n')}`,
          );
        if (handle.name.startsWith('counterItems/') && handle.error.status === 409)
          this.counters.itemsOnlyOutOfStock++;
      } else {
        this.log(`  ${handle.name} → ${entry.describe(handle.result)}`);
      }
    }
    this.scheduler.prune();
  }

  private actor<T>(name: string, proc: number, operation: () => Promise<T>, show: (result: T) => string) {
    const handle = this.scheduler.start(`${name}/p${proc}#${this.step}`, proc, operation);
    this.pending.push({ handle, describe: (result) => show(result as T) });
    this.lastStarted = handle;
    return handle;
  }

  private async begin(command: Command): Promise<boolean> {
    const process = 'proc' in command ? this.processes[command.proc % PROCESSES]! : undefined;
    switch (command.op) {
      case 'hold': {
        const show = this.shows[command.show % SHOWS]!;
        const userId = this.users[command.user % USERS]!;
        const gateway = this.gateways[command.gateway];
        if (command.failCheckout && command.gateway !== 'sandbox') this.ledger.failNextCheckout = true;
        const seats = [...new Set(command.seats.map((n) => show.seats[n % show.seats.length]!))];
        const wanted = new Map<string, number>();
        for (const item of command.items ?? []) {
          const productId = this.productIds[item.product % PRODUCTS]!;
          wanted.set(productId, (wanted.get(productId) ?? 0) + item.quantity);
        }
        const items = [...wanted].map(([productId, quantity]) => ({ productId, quantity }));
        const p = process!;
        this.actor(
          'hold',
          p.index,
          () =>
            createBooking({
              db: p.db,
              gateway,
              gateways: this.gateways.all,
              log: silent,
              now: this.now,
              userId,
              showId: show.id,
              choice: command.best ? { quantity: command.best } : { seatIds: seats },
              rules: { gapRule: command.gap, releaseMinutes: 60 },
              known: p.known,
              limits: { windowSeconds: WINDOW_SECONDS, maxUnpaid: 3, maxPerShow: 1 },
              ...(items.length ? { items } : {}),
              seatMaps: p.seatMaps,
            }),
          (created) => {
            this.bookingIds.push(created.hold.bookingId);
            if (items.length) this.counters.itemsClaimed++;
            this.alias(created.hold.bookingId, 'b');
            return `held ${created.hold.bookingId} ${created.hold.seats.join(',')} ${created.hold.amountPaise}`;
          },
        );
        return true;
      }
      case 'pay': {
        // Buyers pay checkouts their gateway would still take: not paid yet, not closed there.
        const payments = (await this.payments()).filter((payment) => {
          if (payment.gateway === 'counter' || this.neverPaid.has(payment.ref)) return false;
          const entry = this.ledger.entries.get(payment.ref);
          return !entry || (!entry.closed && !entry.capturedPaise);
        });
        const payment = payments[command.pick % Math.max(1, payments.length)];
        if (!payment) return false;
        const gateway = this.gateways[payment.gateway as 'sandbox' | 'stripe' | 'razorpay'];
        // A wrong amount is never taken as the booking's payment: the app gives it back whole,
        // addressed by the checkout's ref. (Razorpay's goes back by its payment id, which no row
        // of ours keeps to find it by: razorpay.test.ts proves that one.)
        const wrong = command.pick >= WRONG_AMOUNT_PICK && payment.gateway !== 'razorpay';
        const paid = wrong ? payment.amount + 100 : payment.amount;
        const event = gateway.capture(payment.ref, payment.amount, paid);
        this.log(
          `  capture ${payment.id}${wrong ? ` ${paid} paise of ${payment.amount}` : ''} ${event ? event.id : 'refused: closed or paid'}`,
        );
        if (event && command.deliver) await this.deliver(process!, this.ledger.events.length - 1);
        return true;
      }
      case 'deliver': {
        if (!this.ledger.events.length) return false;
        await this.deliver(process!, command.pick % this.ledger.events.length);
        return true;
      }
      case 'cancel': {
        if (!this.bookingIds.length) return false;
        const bookingId = this.bookingIds[command.pick % this.bookingIds.length]!;
        const p = process!;
        const owner = await this.database.db.execute(
          sql`select user_id from bookings where id = ${bookingId}`,
        );
        const userId = (owner as unknown as { rows: { user_id: string }[] }).rows[0]!.user_id;
        this.actor(
          'cancel',
          p.index,
          async () => {
            // The route's lines (bookings/routes.ts): the use case, then its after-commit work.
            const outcome = await cancelBooking({
              db: p.db,
              bookingId,
              actor: command.staff ? { id: this.staff, isStaff: true } : { id: userId, isStaff: false },
              now: this.now,
            });
            p.seatMaps.invalidate(outcome.showId);
            await closeCheckouts({ gateways: this.gateways.all, log: silent }, outcome.openCheckouts);
            const refunds = outcome.refundId
              ? await carryOutRefunds(this.refundDeps(p), [outcome.refundId])
              : [];
            return { outcome, refunds };
          },
          ({ outcome, refunds }) =>
            `${outcome.changed ? 'cancelled' : `already ${outcome.status}`} ${bookingId}` +
            (outcome.refundId ? ` refund ${refunds[0]?.status ?? 'claimed elsewhere'}` : ''),
        );
        return true;
      }
      case 'cancelShow': {
        const show = this.shows[command.show % SHOWS]!;
        const p = process!;
        this.actor(
          'cancelShow',
          p.index,
          async () => {
            // The route's lines (programme/routes.ts).
            const outcome = await cancelShow({
              db: p.db,
              showId: show.id,
              actorId: this.staff,
              now: this.now,
              timeZone: TIME_ZONE,
            });
            p.seatMaps.invalidate(show.id);
            if (!outcome.changed) return { outcome, refunded: 0 };
            await closeCheckouts({ gateways: this.gateways.all, log: silent }, outcome.openCheckouts);
            const results = await carryOutRefunds(this.refundDeps(p), outcome.refundIds);
            return { outcome, refunded: results.filter((r) => r.status === 'succeeded').length };
          },
          ({ outcome, refunded }) =>
            outcome.changed
              ? `cancelled ${outcome.cancelledBookings} bookings, ${outcome.refundIds.length} refunds, ${refunded} refunded`
              : 'already cancelled',
        );
        return true;
      }
      case 'editShow': {
        // The edit route's lines (programme/routes.ts): the use case, then this process's seat map.
        // Staff send what they would type, worked out from what the world last read of the show.
        const show = this.shows[command.show % SHOWS]!;
        const input = this.showChange(show, command);
        const p = process!;
        this.actor(
          'editShow',
          p.index,
          async () => {
            const { changes } = await updateShow({
              db: p.db,
              showId: show.id,
              actorId: this.staff,
              input,
              now: this.now,
              timeZone: TIME_ZONE,
            });
            p.seatMaps.invalidate(show.id);
            await this.refreshShow(show);
            return changes;
          },
          (changes) => {
            this.countEdit(command.change);
            return `${show.id} ${Object.keys(changes).join(', ') || 'nothing'} changed: ${JSON.stringify(input)}`;
          },
        );
        return true;
      }
      case 'deleteShow': {
        // The delete route's lines (programme/routes.ts); refused once anyone booked the show.
        const show = this.shows[command.show % SHOWS]!;
        const p = process!;
        this.actor(
          'deleteShow',
          p.index,
          async () => {
            await deleteShow({ db: p.db, showId: show.id, actorId: this.staff });
            p.seatMaps.invalidate(show.id);
            await this.refreshShow(show);
          },
          () => {
            this.countEdit('delete');
            return `deleted ${show.id}`;
          },
        );
        return true;
      }
      case 'advance': {
        const show = this.shows[command.amount % SHOWS]!;
        const target =
          command.to === 'seconds'
            ? this.now.getTime() + (command.amount % 590) * 1000 + 1000
            : command.to === 'window'
              ? this.now.getTime() + WINDOW_SECONDS * 1000 + 1000
              : Math.max(this.now.getTime() + 1000, show.startsAt.getTime() + 1000);
        this.now = new Date(target);
        return false;
      }
      case 'sweep': {
        const p = process!;
        this.actor(
          'sweep',
          p.index,
          async () => {
            // The sweeper's tick (bookings/expiry-sweeper.ts).
            const released = await releaseExpiredHolds({ db: p.db, now: this.now });
            for (const showId of released.showIds) p.seatMaps.invalidate(showId);
            await closeCheckouts({ gateways: this.gateways.all, log: silent }, released.openCheckouts);
            return released;
          },
          (released) => {
            for (const id of released.bookingIds) if (this.exchangeHolds.has(id)) this.count('dearer lapsed');
            return `released ${released.bookingIds.filter((id) => this.aliases.has(id)).length}`;
          },
        );
        return true;
      }
      case 'refunds': {
        this.ledger.refundFaults.push(...command.faults);
        const p = process!;
        this.actor(
          'refunds',
          p.index,
          () => carryOutRefunds(this.refundDeps(p)),
          (results) => results.map((r) => `${r.id}:${r.status}`).join(' ') || 'none due',
        );
        return true;
      }
      case 'retry': {
        const failed = await this.rows<{ id: string }>(sql`
          select r.id from refunds r join bookings b on b.id = coalesce(r.booking_id, (select rp.booking_id from payments rp where rp.id = r.payment_id))
          where b.show_id in ${this.showIds} and r.status = 'failed' order by r.created_at, r.id`);
        const refund = failed[command.pick % Math.max(1, failed.length)];
        if (!refund) return false;
        const p = process!;
        this.actor(
          'retry',
          p.index,
          () => retryRefund(this.refundDeps(p), { refundId: refund.id, actorId: this.staff }),
          (r) => `${refund.id}:${r?.status ?? 'none'}`,
        );
        return true;
      }
      case 'crash': {
        // Odd picks prefer an actor waiting on a gateway's refund: the crash between claim and result.
        const points = this.scheduler.points();
        const live = this.scheduler.live();
        const atRefund = live.filter((handle) =>
          points.some((p) => p.actor === handle.name && p.what.endsWith('.refund')),
        );
        const among = command.pick % 2 && atRefund.length ? atRefund : live;
        const victim = among[command.pick % Math.max(1, among.length)];
        if (!victim) return false;
        const at = points.find((point) => point.actor === victim.name)?.what ?? '?';
        if (at.endsWith('.refund')) this.counters.crashAfterClaim++;
        this.scheduler.crash(victim);
        this.pending = this.pending.filter((entry) => entry.handle !== victim);
        this.log(`  crashed ${victim.name} at ${at}`);
        return false;
      }
      case 'restart': {
        const index = command.proc % PROCESSES;
        for (const handle of this.scheduler.live()) {
          if (handle.process !== index) continue;
          this.scheduler.crash(handle);
          this.pending = this.pending.filter((entry) => entry.handle !== handle);
          this.log(`  crashed ${handle.name}`);
        }
        await this.processes[index]!.unlisten();
        this.processes[index] = await this.startProcess(index);
        return false;
      }
      case 'browse': {
        const show = this.shows[command.show % SHOWS]!;
        await process!.seatMaps.read(show.id, this.now.getTime());
        return false;
      }
      case 'counterSell': {
        // The box office's sale route (boxoffice/routes.ts): the use case, then the seat map.
        const show = this.shows[command.show % SHOWS]!;
        const seats = [...new Set(command.seats.map((n) => show.seats[n % show.seats.length]!))];
        const cashierId = this.cashiers[command.cashier % CASHIERS]!;
        const p = process!;
        const { method } = command;
        const tendered = method === 'cash' ? seats.length * show.pricePaise + command.extra * 100 : undefined;
        this.actor(
          'counterSell',
          p.index,
          async () => {
            try {
              return await sellAtCounter({
                db: p.db,
                seller: { id: cashierId, isAdmin: false },
                input: {
                  showId: show.id,
                  seatIds: seats,
                  payment:
                    method === 'cash'
                      ? { method, tenderedPaise: tendered }
                      : { method, reference: `${method}-${this.step}` },
                },
                known: p.known,
                rules: { gapRule: false, releaseMinutes: 60 },
                now: this.now,
                windowSeconds: WINDOW_SECONDS,
              });
            } finally {
              p.seatMaps.invalidate(show.id);
            }
          },
          (sold) => {
            this.counterBookingIds.push(this.alias(sold.bookingId, 'b'));
            this.counters.counterSales++;
            if (tendered !== undefined) this.drawerPaise += tendered - sold.changePaise;
            return `sold ${sold.bookingId} ${seats.join(',')} ${method} change ${sold.changePaise}`;
          },
        );
        return true;
      }
      case 'counterRefund': {
        // Counter sales and online bookings alike may be brought to the counter.
        const all = [...this.counterBookingIds, ...this.bookingIds];
        if (!all.length) return false;
        const bookingId = all[command.pick % all.length]!;
        const refunderId = this.cashiers[command.cashier % CASHIERS]!;
        const p = process!;
        this.actor(
          'counterRefund',
          p.index,
          async () => {
            // The refund route's lines (boxoffice/routes.ts): the use case, the seat map, the gateway.
            const outcome = await refundAtCounter({
              db: p.db,
              refunder: { id: refunderId },
              bookingId,
              reason: 'sim',
              now: this.now,
            });
            if (outcome.showId) p.seatMaps.invalidate(outcome.showId);
            const refunds = outcome.gatewayRefundIds.length
              ? await carryOutRefunds(this.refundDeps(p), outcome.gatewayRefundIds)
              : [];
            return { outcome, refunds };
          },
          ({ outcome, refunds }) => {
            if (outcome.method === 'cash') {
              this.drawerPaise -= outcome.amountPaise;
              this.counters.counterCashRefunds++;
            }
            return (
              `refunded ${bookingId} ${outcome.method} ${outcome.amountPaise}` +
              (outcome.gatewayRefundIds.length ? ` refund ${refunds[0]?.status ?? 'claimed elsewhere'}` : '')
            );
          },
        );
        return true;
      }
      case 'counterItems': {
        // Food and drink on its own (issue 31 item 4): the sale route's use case with no show or
        // seats; the stock is small, so a sale may be refused 409 and roll back whole.
        const cashierId = this.cashiers[command.cashier % CASHIERS]!;
        const p = process!;
        const { method } = command;
        const items = command.items.map((item) => ({
          productId: this.productIds[item.product % PRODUCTS]!,
          quantity: item.quantity,
        }));
        const price = command.items.reduce(
          (sum, item) => sum + item.quantity * PRODUCT_PRICES_PAISE[item.product % PRODUCTS]!,
          0,
        );
        const tendered = method === 'cash' ? price + command.extra * 100 : undefined;
        this.actor(
          'counterItems',
          p.index,
          () =>
            sellAtCounter({
              db: p.db,
              seller: { id: cashierId, isAdmin: false },
              input: {
                items,
                payment:
                  method === 'cash'
                    ? { method, tenderedPaise: tendered }
                    : { method, reference: `${method}-${this.step}` },
              },
              known: p.known,
              rules: { gapRule: false, releaseMinutes: 60 },
              now: this.now,
              windowSeconds: WINDOW_SECONDS,
            }),
          (sold) => {
            this.counterBookingIds.push(this.alias(sold.bookingId, 'b'));
            this.counters.itemsOnlySales++;
            if (tendered !== undefined) this.drawerPaise += tendered - sold.changePaise;
            return `sold items ${sold.bookingId} ${method} change ${sold.changePaise}`;
          },
        );
        return true;
      }
      case 'join': {
        // The waiting list (CONTRACT §13): refused while the party could be seated now.
        const show = this.shows[command.show % SHOWS]!;
        const userId = this.users[command.user % USERS]!;
        const p = process!;
        this.actor(
          'join',
          p.index,
          () =>
            joinWaitlist({
              db: p.db,
              showId: show.id,
              userId,
              quantity: command.quantity,
              cls: undefined,
              now: this.now,
            }),
          (entryId) => {
            this.entryIds.push(this.alias(entryId, 'w'));
            this.counters.waitlistJoins++;
            return `joined ${entryId} for ${command.quantity}`;
          },
        );
        return true;
      }
      case 'offers': {
        // The waiting-list worker's tick (waitlist/worker.ts), in any process, as often as it likes.
        const p = process!;
        this.actor(
          'offers',
          p.index,
          async () => {
            const offers = await makeOffers(
              { db: p.db, gateway: this.gateways.sandbox, log: silent },
              this.now,
            );
            for (const offer of offers) p.seatMaps.invalidate(offer.hold.showId);
            return offers;
          },
          (offers) => {
            const ours = offers.filter((offer) => this.entryIds.includes(offer.entryId));
            for (const offer of ours) this.bookingIds.push(this.alias(offer.hold.bookingId, 'b'));
            this.counters.offersMade += ours.length;
            return (
              ours
                .map((offer) => `${offer.entryId}:${offer.hold.bookingId} ${offer.hold.seats.join(',')}`)
                .join(' ') || 'none'
            );
          },
        );
        return true;
      }
      case 'leave': {
        if (!this.entryIds.length) return false;
        const entryId = this.entryIds[command.pick % this.entryIds.length]!;
        const owner = await this.rows<{ user_id: string }>(
          sql`select user_id from waitlist_entries where id = ${entryId}`,
        );
        const userId = owner[0]!.user_id;
        const p = process!;
        this.actor(
          'leave',
          p.index,
          async () => {
            // The route's lines (waitlist/routes.ts): an offer's unpaid booking is cancelled as a booking.
            let cancelled = '';
            await leaveWaitlist({
              db: p.db,
              entryId,
              userId,
              now: this.now,
              cancelOffer: async (bookingId) => {
                const outcome = await cancelBooking({
                  db: p.db,
                  bookingId,
                  actor: { id: userId, isStaff: false },
                  now: this.now,
                });
                p.seatMaps.invalidate(outcome.showId);
                await closeCheckouts({ gateways: this.gateways.all, log: silent }, outcome.openCheckouts);
                cancelled = ` cancelled ${bookingId}`;
              },
            });
            return cancelled;
          },
          (cancelled) => `left ${entryId}${cancelled}`,
        );
        return true;
      }
      case 'exchange': {
        // A buyer changes a paid online booking (the route's lines, bookings/routes.ts).
        if (!this.bookingIds.length) return false;
        const paid = new Set(
          (
            await this.rows<{ id: string }>(
              sql`select id from bookings where id in ${this.bookingIds} and status = 'paid'`,
            )
          ).map((row) => row.id),
        );
        const candidates = this.bookingIds.filter((id) => paid.has(id));
        const bookingId = candidates[command.pick % Math.max(1, candidates.length)];
        if (!bookingId) {
          this.count('nothing paid to change');
          return false;
        }
        const [booking] = await this.rows<{ user_id: string; n: number }>(
          sql`select user_id, cardinality(seats)::int as n from bookings where id = ${bookingId}`,
        );
        const { user_id: userId, n } = booking!;
        const gateway = this.gateways[command.gateway];
        const start = (p: SimProcess, target: { show: number; offset: number }) => {
          const show = this.shows[target.show % SHOWS]!;
          const seats = Array.from(
            { length: Math.min(n, show.seats.length) },
            (_, i) => show.seats[(target.offset + i) % show.seats.length]!,
          );
          const asked = this.asked.get(bookingId) ?? new Set<string>();
          asked.add(claimsKey(seats.map((seat) => `${show.id}:${seat}`)));
          this.asked.set(bookingId, asked);
          this.actor(
            'exchange',
            p.index,
            async () => {
              let outcome;
              try {
                outcome = await exchangeBooking({
                  db: p.db,
                  gateway,
                  gateways: this.gateways.all,
                  log: silent,
                  now: this.now,
                  userId,
                  bookingId,
                  showId: show.id,
                  seatIds: seats,
                  rules: { gapRule: false, releaseMinutes: 60 },
                  known: p.known,
                  limits: { windowSeconds: WINDOW_SECONDS, maxUnpaid: 3, maxPerShow: 1 },
                });
              } finally {
                p.seatMaps.invalidate(show.id);
              }
              for (const showId of outcome.showIds) p.seatMaps.invalidate(showId);
              if (outcome.kind === 'done') {
                const refunds = outcome.refundIds.length
                  ? await carryOutRefunds(this.refundDeps(p), outcome.refundIds)
                  : [];
                return { outcome, refunds, hold: null, captured: false };
              }
              // The difference's checkout: the buyer pays it now, later, or never.
              const [hold] = await this.rows<{
                id: string;
                ref: string;
                gateway: string;
                amount: number;
              }>(sql`
                select h.id, p.gateway_ref as ref, p.gateway, p.amount_paise as amount
                from bookings h join payments p on p.booking_id = h.id
                where h.exchange_of = ${bookingId} and h.status = 'pending' order by h.created_at desc limit 1`);
              if (!hold) return { outcome, refunds: [], hold: null, captured: false };
              this.alias(hold.id, 'b');
              this.exchangeHolds.add(hold.id);
              if (command.pay === 'never') this.neverPaid.add(hold.ref);
              const captured =
                command.pay === 'now' &&
                this.gateways[hold.gateway as 'sandbox' | 'stripe' | 'razorpay'].capture(
                  hold.ref,
                  hold.amount,
                ) !== null;
              return { outcome, refunds: [], hold: hold.id, captured };
            },
            ({ outcome, refunds, hold, captured }) => {
              this.count(
                outcome.kind === 'pay' ? 'dearer held' : outcome.differencePaise < 0 ? 'cheaper' : 'equal',
              );
              return outcome.kind === 'done'
                ? `exchanged ${bookingId} to ${seats.join(',')} difference ${outcome.differencePaise}` +
                    refunds.map((r) => ` refund ${r.status}`).join('')
                : `exchange ${bookingId} holds ${hold ?? '?'} ${seats.join(',')} difference ${outcome.differencePaise}` +
                    (captured ? ' paid' : '');
            },
          );
        };
        start(process!, command);
        if (command.race) start(this.processes[(command.proc + 1) % PROCESSES]!, command.race);
        return true;
      }
      case 'shift': {
        // Closes the cashier's open shift (racing sales on it), or opens a new one with a float.
        const index = command.cashier % CASHIERS;
        const cashierId = this.cashiers[index]!;
        const p = process!;
        const open = await this.rows<{ id: string }>(
          sql`select id from shifts where user_id = ${cashierId} and closed_at is null`,
        );
        this.actor(
          'shift',
          p.index,
          async () => {
            if (open[0]) {
              const closed = await closeShift({
                db: p.db,
                shiftId: open[0].id,
                actor: { id: cashierId, isAdmin: false },
                countedCashPaise: 0,
                now: this.now,
              });
              return `closed ${closed.id}`;
            }
            const opened = await openShift({
              db: p.db,
              userId: cashierId,
              openingFloatPaise: FLOATS[index]!,
              now: this.now,
            });
            this.alias(opened.id, 'f');
            return `opened ${opened.id}`;
          },
          (done) => done,
        );
        return true;
      }
    }
  }

  /**
   * What staff type to change a show (`editShow`), from the world's record of it: a price of 200 to
   * 375 rupees; one to three seats fewer (at least one) or more; a start from 90 minutes earlier to
   * 2 hours later in steps of half an hour (an hour either way may be another show's start: the
   * movie's slot is taken), never sooner than half an hour from now.
   */
  private showChange(show: SimShow, command: Extract<Op, { op: 'editShow' }>): UpdateShowInput {
    switch (command.change) {
      case 'prices':
        return { showPrice: 200 + 25 * command.amount };
      case 'shrink':
        return { totalSeats: Math.max(1, show.seats.length - 1 - (command.amount % 3)) };
      case 'grow':
        return { totalSeats: show.seats.length + 1 + (command.amount % 3) };
      case 'move': {
        const soonest = (Math.ceil(this.now.getTime() / 60_000) + 30) * 60_000;
        const startsAt = Math.max(soonest, show.startsAt.getTime() + (command.amount - 3) * 30 * 60_000);
        const { date, minutes } = toZonedParts(new Date(startsAt), TIME_ZONE);
        const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        return { showDate: date, showTime: time };
      }
    }
  }

  /**
   * Reads a show's start, seats and price again after staff changed it, or marks it deleted, so the
   * world's record (what commands pick from, when `advance` reaches the start, the seats a claim
   * may be on) stays the database's.
   */
  private async refreshShow(show: SimShow): Promise<void> {
    const [row] = await this.rows<{ starts: number; layout: Layout; price: number }>(sql`
      select (extract(epoch from starts_at) * 1000)::float8 as starts, layout, price_paise as price
      from shows where id = ${show.id}`);
    if (!row) {
      show.deleted = true;
      return;
    }
    show.startsAt = new Date(row.starts);
    show.seats = seatIds(row.layout);
    show.pricePaise = row.price;
  }

  private countEdit(outcome: string) {
    this.counters.showEdits[outcome] = (this.counters.showEdits[outcome] ?? 0) + 1;
  }

  private async deliver(process: SimProcess, index: number) {
    const owed = this.ledger.events[index]!;
    const { event } = owed;
    const late = await this.rows<{ late: boolean }>(sql`
      select b.expires_at <= ${this.now.toISOString()}::timestamptz as late
      from payments p join bookings b on b.id = p.booking_id where p.gateway = ${event.gateway} and p.gateway_ref = ${event.ref}`);
    this.actor(
      `deliver ${event.id}`,
      process.index,
      async () => {
        const wasLate = late[0]?.late ?? false;
        // Razorpay's body is read as its webhook route reads it: a payment goes to receiveEvent,
        // a refund's settlement to settleRefund.
        const webhook = owed.razorpay === undefined ? null : readRazorpayWebhook(owed.razorpay, event.id);
        if (webhook?.kind === 'refund') {
          const settled = await settleRefund({ db: process.db, report: webhook.report, now: this.now });
          owed.delivered = true;
          const key = `${event.type} ${settled}`;
          this.counters.refundSettled[key] = (this.counters.refundSettled[key] ?? 0) + 1;
          return { kind: settled };
        }
        const parsed = webhook ? (webhook.kind === 'payment' ? webhook.event : null) : owed.parsed;
        if (!parsed) throw new Violation(`the app does not read ${event.type} ${event.id}`);
        const outcome = await receiveEvent(
          {
            db: process.db,
            gateways: this.gateways.all,
            clock: () => this.now,
            seatMaps: process.seatMaps,
            log: silent,
          },
          parsed,
        );
        owed.delivered = true;
        if (outcome.kind === 'duplicate') this.counters.duplicateEvent++;
        if (outcome.kind === 'paid' && wasLate) this.counters.lateHonoured++;
        if (outcome.kind === 'exchanged') this.count('dearer paid');
        if (outcome.kind === 'refund-due') {
          this.counters.lateRefunded[outcome.reason] = (this.counters.lateRefunded[outcome.reason] ?? 0) + 1;
        }
        return outcome;
      },
      (outcome) => `${event.type} ${outcome.kind}${'reason' in outcome ? ` (${outcome.reason})` : ''}`,
    );
  }

  /**
   * The runner's own query on the database (no pause point). Counted as in flight, so an actor
   * that asks it (an exchange looking up its difference's checkout) is waited for before the next
   * pause point is released: a seed replays byte for byte (decision 0021).
   */
  private async rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    const result = await this.scheduler.track(this.database.db.execute(query));
    return (result as unknown as { rows: T[] }).rows;
  }

  private payments() {
    return this.rows<{ id: string; gateway: string; ref: string; amount: number }>(sql`
      select p.id, p.gateway, p.gateway_ref as ref, p.amount_paise as amount
      from payments p join bookings b on b.id = p.booking_id
      where b.show_id in ${this.showIds} order by p.created_at, p.id`);
  }

  /** The first transaction id the check after the last one would see if nothing wrote in between. */
  private checkedAt = '';

  /**
   * Every invariant of decision 0021 (checks.ts); throws a Violation naming the first that broke.
   * One statement asks every probe's rows. A step after which the next transaction id is the one
   * the last check left (a clock move, a refused command, a pause point that only read) committed
   * nothing, so no rule of the rows can have broken: only the processes' seat maps, which the clock
   * alone changes, are compared again (the issue's "after every step that committed").
   */
  async check(): Promise<void> {
    const scope = {
      shows: this.showIds,
      cashiers: this.cashiers,
      products: this.productIds,
      now: this.now,
    };
    const [{ answer }] = (await this.rows<{ answer: CheckAnswer }>(checkQuery(scope, this.checkedAt))) as [
      { answer: CheckAnswer },
    ];
    this.checkedAt = answer.xid;
    if (answer.wrote) {
      // NOTIFYs committed so far reach the processes' seat maps before they are compared. The
      // world is quiet, so the barrier's NOTIFY takes the next id: the next check starts after it.
      await this.barrier();
      this.checkedAt = String(BigInt(answer.xid) + 1n);
    }
    const judges = this.judges();
    const found: string[] = [];
    for (const [name, rows] of Object.entries(answer.answers) as [ProbeName, Row[]][])
      found.push(...(await judges[name](rows)));
    if (found.length) {
      const message = this.named(found.join('; '));
      this.trace.push(`  VIOLATION ${message}`);
      throw new Violation(message);
    }
  }

  /** What each probe's rows must not contain; the answers come in the order of `PROBES`. */
  private judges(): Record<ProbeName, Judge> {
    return {
      invariants: named,
      ledger: (rows) => ledgerProblems(rows, this.ledger),
      transitions: (rows) => this.transitionProblems(rows),
      seatMaps: (rows) => this.seatMapProblems(rows),
      invoices: invoiceProblems,
      serials: serialProblems,
      shifts: (rows) => this.shiftProblems(rows),
      counterPayments: named,
      strayClaims: (rows) => strayClaimProblems(rows, this.shows),
      stock: (rows) => stockProblems(rows, this.productIds, STOCK),
      deadItems: named,
      waitlist: named,
      outbox: named,
      exchanges: (rows) => this.exchangeProblems(rows),
    };
  }

  /**
   * The box office (CONTRACT §11): each shift's expected cash, as the feature's cash-up answers
   * it, equals float + cash taken − cash paid back as the payments and refunds rows say (the
   * sale's and refund's counter rows say only which shift and method); the shifts' cash together
   * is what the simulated cashiers took and paid back.
   */
  private async shiftProblems(rows: Row[]): Promise<string[]> {
    const problems: string[] = [];
    let drawers = 0;
    for (const shift of rows as unknown as { id: string; float: number; expected: number }[]) {
      this.alias(shift.id, 'f');
      const answered = expectedCashPaise(shift.float, await cashUpOf(this.database.db, shift.id));
      if (answered !== shift.expected)
        problems.push(
          `shift ${shift.id} cash-up expects ${answered} paise, its rows come to ${shift.expected}`,
        );
      drawers += shift.expected - shift.float;
    }
    if (drawers !== this.drawerPaise)
      problems.push(
        `the drawers hold ${drawers} paise over their floats, the cashiers took ${this.drawerPaise}`,
      );
    return problems;
  }

  /**
   * Exchanges (CONTRACT §13): a buyer never holds both sets of seats, nor neither. At every step a
   * paid booking's live claims are exactly the show and seats its row names; while its ticket
   * version stands they are the claims it had at the step before, and once the version moves on
   * they are the show and seats one of its exchanges asked for. A dearer exchange's hold claims
   * seats of its own (no seat twice) and none once it is no longer pending, so its lapse leaves
   * the booking as it was.
   */
  private exchangeProblems(rows: Row[]): string[] {
    const problems: string[] = [];
    for (const row of rows as unknown as {
      id: string;
      version: number;
      claims: string | null;
      says: string | null;
    }[]) {
      const claims = claimsKey(row.claims?.split(',') ?? []);
      const says = claimsKey(row.says?.split(',') ?? []);
      if (claims !== says) problems.push(`paid booking ${row.id} claims [${claims}] but is for [${says}]`);
      const before = this.seen.get(row.id);
      if (before && row.version === before.version && claims !== before.live)
        problems.push(`paid booking ${row.id} went from [${before.live}] to [${claims}] with no exchange`);
      if (before && row.version !== before.version && !this.asked.get(row.id)?.has(claims))
        problems.push(`booking ${row.id} was exchanged to [${claims}], which no exchange of it asked for`);
      this.seen.set(row.id, { version: row.version, live: claims });
    }
    return problems;
  }

  /** Status changes since the last check follow the legal transitions; no hold expires early. */
  private transitionProblems(rows: Row[]): string[] {
    const problems: string[] = [];
    for (const row of rows as unknown as { kind: string; id: string; status: string; early: boolean }[]) {
      this.alias(row.id, row.kind[0]!);
      const before = this.statuses.get(row.id);
      if (before !== undefined && before !== row.status && !LEGAL[row.kind]![before]?.has(row.status)) {
        problems.push(`${row.kind} ${row.id} went ${before} → ${row.status}`);
      }
      if (before === 'pending' && row.status === 'expired' && row.early) {
        problems.push(`booking ${row.id} expired while its payment window was open`);
      }
      this.statuses.set(row.id, row.status);
    }
    return problems;
  }

  /**
   * Each process's seat map (what it would answer now) equals the live claims that block a seat,
   * and has the show's size and price as staff last set them; a deleted show has none.
   */
  private async seatMapProblems(rows: Row[]): Promise<string[]> {
    const problems: string[] = [];
    for (const show of this.shows) {
      const expected = (rows as unknown as { show: string; seat: string }[])
        .filter((row) => row.show === show.id)
        .map((row) => row.seat)
        .sort()
        .join(',');
      for (const process of this.processes) {
        const body = await process.seatMaps.read(show.id, this.now.getTime());
        if (!body || show.deleted) {
          if (body || !show.deleted)
            problems.push(
              `p${process.index} ${body ? 'answers a seat map of' : 'has no seat map for'} ${show.deleted ? 'deleted ' : ''}show ${show.id}`,
            );
          continue;
        }
        const map = JSON.parse(body.toString()) as {
          occupiedSeats: object;
          totalSeats: number;
          prices: Record<string, number>;
        };
        const occupied = Object.keys(map.occupiedSeats).sort().join(',');
        if (occupied !== expected)
          problems.push(`p${process.index} shows ${show.id} taken [${occupied}], database [${expected}]`);
        const pricePaise = Math.min(...Object.values(map.prices)) * 100;
        if (map.totalSeats !== show.seats.length || pricePaise !== show.pricePaise)
          problems.push(
            `p${process.index} shows ${show.id} with ${map.totalSeats} seats at ${pricePaise} paise, ` +
              `staff left it ${show.seats.length} at ${show.pricePaise}`,
          );
      }
    }
    return problems;
  }

  /** Faults off, everything owed delivered, the clock past every show, workers until idle; then conservation. */
  async drain(): Promise<void> {
    this.log('drain');
    this.ledger.refundFaults = [];
    this.ledger.failNextCheckout = false;
    while (this.scheduler.live().length) {
      if ((await this.scheduler.step(0)) === null) break;
    }
    this.finish(true);
    const p = this.processes[0]!;
    const settle = async (op: Command) => {
      await this.apply(op);
      while (this.scheduler.live().length) if ((await this.scheduler.step(0)) === null) break;
      this.finish(true);
    };
    for (let i = 0; i < this.ledger.events.length; i++) {
      if (this.ledger.events[i]!.delivered) continue;
      await this.deliver(p, i);
      while (this.scheduler.live().length) if ((await this.scheduler.step(0)) === null) break;
      this.finish(true);
    }
    // Counter sales of a show the cinema cancelled are owed until a cashier pays them back
    // (the refund worker leaves them to the box office): every cashier tries, a shift opened if
    // none is.
    const owes = async (bookingId: string) =>
      (
        await this.rows<{ n: number }>(sql`
          select count(*)::int as n from refunds r join counter_sales cs on cs.payment_id = r.payment_id
          where cs.booking_id = ${bookingId} and r.status = 'pending'`)
      )[0]!.n > 0;
    for (const [pick, bookingId] of this.counterBookingIds.entries()) {
      for (let attempt = 0; attempt <= CASHIERS && (await owes(bookingId)); attempt++) {
        if (attempt === CASHIERS) await settle({ op: 'shift', proc: 0, cashier: 0, sched: [], leave: 0 });
        await settle({
          op: 'counterRefund',
          proc: 0,
          cashier: attempt % CASHIERS,
          pick,
          sched: [],
          leave: 0,
        });
      }
    }
    const last = Math.max(...this.shows.map((show) => show.startsAt.getTime()));
    this.now = new Date(Math.max(this.now.getTime(), last) + 86_400_000);
    await settle({ op: 'sweep', proc: 0, sched: [], leave: 0 });
    for (let round = 0; round < 5; round++) {
      this.now = new Date(this.now.getTime() + 2 * 3_600_000);
      await settle({ op: 'retry', proc: 0, pick: 0, sched: [], leave: 0 });
      await settle({ op: 'refunds', proc: 0, faults: [], sched: [], leave: 0 });
      for (let i = 0; i < this.ledger.events.length; i++) {
        if (this.ledger.events[i]!.delivered) continue;
        await this.deliver(p, i);
        while (this.scheduler.live().length) if ((await this.scheduler.step(0)) === null) break;
        this.finish(true);
      }
      const open = await this.rows<{ n: number }>(sql`
        select count(*)::int as n from refunds r
          join bookings b on b.id = coalesce(r.booking_id, (select rp.booking_id from payments rp where rp.id = r.payment_id))
        where ${this.ours} and r.status <> 'succeeded'`);
      if (open[0]!.n === 0) break;
    }
    const problems: string[] = [];
    const left = await this.rows<{ v: string }>(sql`
      select 'booking still pending: ' || b.id as v from bookings b where ${this.ours} and b.status = 'pending'
      union all
      select 'refund not settled: ' || r.id || ' ' || r.status from refunds r
        join bookings b on b.id = coalesce(r.booking_id, (select rp.booking_id from payments rp where rp.id = r.payment_id)) where ${this.ours} and r.status <> 'succeeded'`);
    problems.push(...left.map((row) => row.v));
    // The app's reconciliation reads the whole database: only this world's bookings are its
    // business (a failed schedule before it, while shrinking, leaves its own behind).
    const mine = new Set(
      (await this.rows<{ id: string }>(sql`select b.id from bookings b where ${this.ours}`)).map(
        (row) => row.id,
      ),
    );
    const discrepancies = (await findDiscrepancies({ db: this.database.db, now: this.now })).filter(
      (d) => !('bookingId' in d) || !d.bookingId || mine.has(d.bookingId),
    );
    for (const d of discrepancies) problems.push(`reconciliation: ${JSON.stringify(d)}`);
    // Money balances per booking: captured = kept + refunded. A paid booking keeps what it costs
    // (after exchanges: its payments less the differences given back, CONTRACT §13); one no longer
    // paid has every captured payment refunded and keeps what the cancellation policy did not
    // give back. Per gateway, what its ledger kept is what the bookings' payments kept.
    const money = await this.rows<{
      id: string;
      status: string;
      amount: number;
      captured: number;
      refunded: number;
      open: number;
    }>(sql`
      select b.id, b.status, b.amount_paise as amount,
        (select coalesce(sum(p.amount_paise), 0) from payments p
          where p.booking_id = b.id and p.status in ('succeeded', 'refunded'))::int as captured,
        (select coalesce(sum(r.amount_paise), 0) from refunds r where r.status = 'succeeded'
          and (r.booking_id = b.id or r.payment_id in (select p.id from payments p where p.booking_id = b.id)))::int as refunded,
        (select count(*) from payments p where p.booking_id = b.id and p.status = 'succeeded')::int as open
      from bookings b where ${this.ours}`);
    for (const row of money) {
      if (row.status === 'paid' && row.captured - row.refunded !== row.amount)
        problems.push(
          `paid booking ${row.id} of ${row.amount} paise took ${row.captured} and gave back ${row.refunded}`,
        );
      if (row.status !== 'paid' && row.open)
        problems.push(`${row.status} booking ${row.id} has ${row.open} captured payments not refunded`);
    }
    const kept = await this.rows<{ gateway: string; total: number }>(sql`
      select p.gateway, sum(p.amount_paise - (select coalesce(sum(r.amount_paise), 0) from refunds r
          where r.gateway = p.gateway and r.payment_ref = p.gateway_ref and r.status = 'succeeded'))::int as total
        from payments p join bookings b on b.id = p.booking_id
        where b.show_id in ${this.showIds} and p.status in ('succeeded', 'refunded')
        group by p.gateway`);
    for (const gateway of ['sandbox', 'stripe', 'razorpay']) {
      let ledgerKept = 0;
      for (const entry of this.ledger.entries.values()) {
        if (entry.gateway !== gateway) continue;
        ledgerKept +=
          entry.capturedPaise - paidBack(entry).reduce((sum, refund) => sum + refund.amountPaise, 0);
      }
      const sold = kept.find((row) => row.gateway === gateway)?.total ?? 0;
      if (ledgerKept !== sold)
        problems.push(`${gateway} kept ${ledgerKept} paise but the bookings' payments kept ${sold}`);
    }
    this.counters.lostRefundAnswer += this.ledger.lostAnswers;
    if (problems.length) {
      const message = this.named(problems.join('; '));
      this.trace.push(`  VIOLATION after drain: ${message}`);
      throw new Violation(`after drain: ${message}`);
    }
  }
}

/** The SQL half of the invariants: one row per violation among the schedule's shows. */
/** A set of `show:seat` claims as one comparable string. */
function claimsKey(claims: string[]): string {
  return [...claims].sort().join(',');
}

export function describe(command: Command): string {
  const { sched, leave, ...op } = command;
  const fields = Object.entries(op)
    .filter(([key]) => key !== 'op')
    .filter(([, value]) => !(Array.isArray(value) && !value.length && 'seats' in op))
    .map(
      ([key, value]) =>
        `${key}=${Array.isArray(value) ? value.map((v) => (typeof v === 'object' ? Object.values(v as object).join('x') : v)).join('|') : value && typeof value === 'object' ? Object.values(value).join('x') : String(value)}`,
    );
  return `${op.op} ${fields.join(' ')} leave=${leave}${sched.length ? ` sched=${sched.join('|')}` : ''}`;
}
