// CONTRACT §11 / issue 30: a counter sale's latency beside an online hold's, in the same run on the
// same app. One cashier (the admin, with an open shift) sells 2 free seats for cash, one sale at a
// time as a counter does; between two sales an online buyer holds 2 free seats
// (POST /api/bookings/create), so both are measured under the same conditions, alternating.
// Target (issue 30): a counter sale within 150 ms at the median on the embedded database.
// Issue 35: the exchange (CONTRACT §13) beside them: the buyer pays the hold (the sandbox, not
// timed) and moves the paid booking to 2 other free seats of the same show, at the same price
// (done at once: the new seats claimed, the old freed, a credit note and a new invoice).
import { performance } from 'node:perf_hooks';
import { callApi, startApp } from './lib.ts';

/** Timed sales, and as many timed holds (BENCH_COUNTER_SALES). */
export const COUNTER_SALES = Number(process.env.BENCH_COUNTER_SALES ?? 100);
/** Untimed pairs first: the process's first requests compile and fill caches. */
const WARM = 5;
const ADMIN = { email: 'bench-admin@example.com', password: 'Bench-Admin-Password-7391!' };

export interface CounterResult {
  database: string;
  sales: number[];
  holds: number[];
  exchanges: number[];
  /** Answers other than 201 (sale) and 200 (hold): status → count. Must be empty. */
  failures: Record<string, number>;
}

type Layout = { rows: { seats: ({ id: string; kind: string } | null)[] }[] };

/**
 * Pairs of free seats of a show, left to right in each row, from runs of an even number of free
 * seats between aisles and taken seats: sold in that order, no pair leaves a single seat (the gap
 * rule). Null for a layout with wheelchair or companion spaces (held back from online buyers).
 */
function freePairs(layout: Layout, occupied: Record<string, true>): string[][] | null {
  const pairs: string[][] = [];
  for (const row of layout.rows) {
    if (row.seats.some((seat) => seat && seat.kind !== 'seat')) return null;
    let run: string[] = [];
    for (const seat of [...row.seats, null]) {
      if (seat && !occupied[seat.id]) {
        run.push(seat.id);
        continue;
      }
      if (run.length % 2 === 0) for (let i = 0; i < run.length; i += 2) pairs.push(run.slice(i, i + 2));
      run = [];
    }
  }
  return pairs;
}

export async function counterBench(kind: 'pglite' | 'postgres'): Promise<CounterResult> {
  const app = await startApp(kind, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  try {
    const { baseURL } = app;
    const signIn = await callApi(baseURL, null, 'POST', '/api/auth/sign-in/email', ADMIN);
    if (!signIn.token) throw new Error(`admin sign-in answered ${signIn.status} ${signIn.text}`);
    const cashier = signIn.token;
    const shift = await callApi(baseURL, cashier, 'POST', '/api/boxoffice/shifts', { openingFloat: 2000 });
    if (shift.status !== 201) throw new Error(`opening a shift answered ${shift.status} ${shift.text}`);

    // Shows three hours or more ahead, each with its free pairs of seats: an exchange is allowed
    // until the policy's first cut-off (120 minutes before the start, by default).
    const later = Date.now() + 3 * 60 * 60_000;
    const { shows } = (await (await fetch(`${baseURL}/api/shows`)).json()) as {
      shows: { _id: string; status: string; startsAt: string }[];
    };
    const targets: { id: string; pairs: string[][] }[] = [];
    for (const show of shows.filter((s) => s.status === 'active' && Date.parse(s.startsAt) > later)) {
      const map = (await (await fetch(`${baseURL}/api/bookings/seats/${show._id}`)).json()) as {
        occupiedSeats: Record<string, true>;
        layout: Layout;
      };
      const pairs = freePairs(map.layout, map.occupiedSeats);
      if (pairs?.length) targets.push({ id: show._id, pairs });
    }
    const rounds = WARM + COUNTER_SALES;
    const free = targets.reduce((sum, show) => sum + show.pairs.length, 0);
    if (targets.length < 3 || free < 3 * rounds)
      throw new Error(
        `${free} free pairs over ${targets.length} shows: too few for ${rounds} sales, holds and exchanges`,
      );

    // An online buyer may hold one booking a show and three unpaid at once: three holds each.
    const buyers: string[] = [];
    for (let i = 0; i < Math.ceil(rounds / 3); i++) {
      const signUp = await callApi(baseURL, null, 'POST', '/api/auth/sign-up/email', {
        name: `Counter Bench ${i}`,
        email: `counter-bench-${i}@example.com`,
        password: 'counter-bench-1',
      });
      const { token } = JSON.parse(signUp.text) as { token?: string };
      if (!token) throw new Error(`sign-up answered ${signUp.status} ${signUp.text}`);
      buyers.push(token);
    }

    /** Where sales and holds are in their turns of the shows (a buyer's three holds: three shows). */
    const cursor = { sales: 0, holds: 0 };
    /** The next free pair, taking the shows in turn. */
    const take = (turn: 'sales' | 'holds') => {
      for (let tries = 0; tries < targets.length; tries++) {
        const show = targets[cursor[turn]++ % targets.length]!;
        const pair = show.pairs.shift();
        if (pair) return { showId: show.id, seats: pair };
      }
      throw new Error('no free seats left');
    };
    /** The next free pair of one show (an exchange to other seats of the same show). */
    const takeFrom = (showId: string) => {
      const pair = targets.find((show) => show.id === showId)?.pairs.shift();
      if (!pair) throw new Error(`no free seats left on ${showId}`);
      return pair;
    };
    const result: CounterResult = { database: kind, sales: [], holds: [], exchanges: [], failures: {} };
    const timed = async (expected: number, work: () => Promise<{ status: number; text: string }>) => {
      const started = performance.now();
      const answer = await work();
      const ms = performance.now() - started;
      if (answer.status !== expected) {
        const key = `${answer.status} ${answer.text.slice(0, 120)}`;
        result.failures[key] = (result.failures[key] ?? 0) + 1;
      }
      return ms;
    };
    let holdIndex = 0;
    for (let round = 0; round < rounds; round++) {
      const sale = take('sales');
      const saleMs = await timed(201, () =>
        callApi(baseURL, cashier, 'POST', '/api/boxoffice/sales', {
          showId: sale.showId,
          selectedSeats: sale.seats,
          payment: { method: 'cash', tendered: 5000 },
        }),
      );
      const hold = take('holds');
      const buyer = buyers[Math.floor(holdIndex++ / 3)]!;
      let held = { status: 0, text: '' };
      const holdMs = await timed(200, async () => {
        held = await callApi(baseURL, buyer, 'POST', '/api/bookings/create', {
          showId: hold.showId,
          selectedSeats: hold.seats,
        });
        return held;
      });
      if (held.status !== 200) throw new Error(`a hold answered ${held.status} ${held.text}`);
      const { booking, url } = JSON.parse(held.text) as { booking: { _id: string }; url: string };
      const paymentId = new URL(url, baseURL).pathname.split('/').pop()!;
      const paid = await callApi(baseURL, buyer, 'POST', `/api/payments/${paymentId}/sandbox-pay`);
      if (paid.status !== 200) throw new Error(`paying a hold answered ${paid.status} ${paid.text}`);
      const exchangeMs = await timed(200, () =>
        callApi(baseURL, buyer, 'POST', `/api/bookings/${booking._id}/exchange`, {
          showId: hold.showId,
          selectedSeats: takeFrom(hold.showId),
        }),
      );
      if (round < WARM) continue;
      result.sales.push(saleMs);
      result.holds.push(holdMs);
      result.exchanges.push(exchangeMs);
    }
    return result;
  } finally {
    await app.stop();
  }
}

/** Milliseconds with one decimal. */
export const ms = (value: number) => (Math.round(value * 10) / 10).toFixed(1);

/** The value below which `share` of them fall (nearest rank). */
export function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? NaN;
}
