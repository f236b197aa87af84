// Issue 35: a waiting-list offer's cost (CONTRACT §13) beside an online hold's, in the same app,
// each as the app itself timed it in its log: `waiting-list offers made` says how long the worker
// took to claim the due show and make its offer (best available seats held as an unpaid booking,
// the entry marked, the email queued, the audit written); `request completed` says how long
// POST /api/bookings/create took. An offer is made by the worker, not asked for, so its time is
// read from the log, and the hold's likewise, for the same footing.
//
// A screen of two seats and one show on it, tomorrow. Each round: a buyer holds both seats and pays
// (the show is sold out); a new buyer joins its waiting list for two; staff cancel the paid booking
// (the seats come free: the database marks the show due); the worker offers both seats to the
// waiting buyer, who then leaves the list (the offer is cancelled, the seats free again).
import fs from 'node:fs';
import { addDays, gridLayout, toZonedParts } from '@marquee/shared';
import { callApi, startApp } from './lib.ts';

/** Timed offers (and as many holds), after WARM untimed rounds (BENCH_OFFERS). */
export const OFFERS = Number(process.env.BENCH_OFFERS ?? 20);
const WARM = 2;
const ADMIN = { email: 'bench-admin@example.com', password: 'Bench-Admin-Password-7391!' };

export interface OffersResult {
  database: string;
  /** The worker's time to make each offer, ms (from the app's log). */
  offers: number[];
  /** The app's time for each hold, ms (from the app's log). */
  holds: number[];
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
  token: string | null;
}

async function call(baseURL: string, token: string | null, method: string, url: string, body?: unknown) {
  const { status, text, token: session } = await callApi(baseURL, token, method, url, body);
  const answer: Answer = {
    status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    token: session,
  };
  return answer;
}

/** The answer, or an error saying what the app answered instead of `expected`. */
function expectStatus(answer: Answer, expected: number, what: string): Answer {
  if (answer.status !== expected)
    throw new Error(`${what} answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

export async function offersBench(kind: 'pglite' | 'postgres'): Promise<OffersResult> {
  const app = await startApp(kind, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  try {
    const { baseURL } = app;
    const signUp = async (name: string) => {
      const email = `offers-bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
      const answer = expectStatus(
        await call(baseURL, null, 'POST', '/api/auth/sign-up/email', {
          name,
          email,
          password: 'offers-bench-1',
        }),
        200,
        'sign-up',
      );
      return answer.body.token as string;
    };
    const admin = expectStatus(
      await call(baseURL, null, 'POST', '/api/auth/sign-in/email', ADMIN),
      200,
      'sign-in',
    ).token!;
    const { timeZone } = (await call(baseURL, null, 'GET', '/api/config')).body as { timeZone: string };
    const { movies } = (await call(baseURL, null, 'GET', '/api/movies')).body as {
      movies: { _id: string }[];
    };
    const screen = expectStatus(
      await call(baseURL, admin, 'POST', '/api/admin/screens', {
        name: 'Offers bench',
        layout: gridLayout(2),
      }),
      201,
      'a new screen',
    ).body.screen as { _id: string };
    const tomorrow = addDays(toZonedParts(new Date(), timeZone).date, 1);
    const created = expectStatus(
      await call(baseURL, admin, 'POST', '/api/shows', {
        movie: movies[0]!._id,
        screen: screen._id,
        prices: { Standard: 180 },
        dateTimings: [{ date: tomorrow, timings: [{ time: '18:00', occupiedSeats: {} }] }],
      }),
      201,
      'a new show',
    );
    const showId = (created.body.shows as { _id: string }[])[0]!._id;

    const seller = await signUp('Offers Bench Buyer');
    for (let round = 0; round < WARM + OFFERS; round++) {
      const hold = expectStatus(
        await call(baseURL, seller, 'POST', '/api/bookings/create', { showId, selectedSeats: ['A1', 'A2'] }),
        200,
        'a hold',
      ).body as { booking: { _id: string }; url: string };
      const paymentId = new URL(hold.url, baseURL).pathname.split('/').pop()!;
      expectStatus(
        await call(baseURL, seller, 'POST', `/api/payments/${paymentId}/sandbox-pay`),
        200,
        'paying the hold',
      );
      const waiter = await signUp('Offers Bench Waiter');
      const joined = expectStatus(
        await call(baseURL, waiter, 'POST', `/api/shows/${showId}/waitlist`, { quantity: 2 }),
        201,
        'joining the waiting list',
      ).body.entry as { _id: string };
      expectStatus(
        await call(baseURL, admin, 'PUT', `/api/bookings/${hold.booking._id}/cancel`, {
          reason: 'Offers bench',
        }),
        200,
        'cancelling the paid booking',
      );
      const deadline = Date.now() + 15_000;
      for (;;) {
        const { entries } = (await call(baseURL, waiter, 'GET', '/api/user/waitlist')).body as {
          entries: { _id: string; status: string }[];
        };
        if (entries.find((entry) => entry._id === joined._id)?.status === 'offered') break;
        if (Date.now() > deadline) throw new Error('no offer within 15 s of the seats coming free');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expectStatus(
        await call(baseURL, waiter, 'DELETE', `/api/waitlist/${joined._id}`),
        200,
        'leaving the list',
      );
    }

    // The app's own timings, from its log: the last OFFERS of each.
    const lines = fs
      .readFileSync(app.logFile!, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const offers = lines
      .filter((line) => line.msg === 'waiting-list offers made')
      .map((line) => line.ms as number);
    const holds = lines
      .filter((line) => {
        const req = line.req as { method?: string; url?: string } | undefined;
        return (
          line.msg === 'request completed' && req?.method === 'POST' && req.url === '/api/bookings/create'
        );
      })
      .map((line) => line.responseTime as number);
    if (offers.length !== WARM + OFFERS || holds.length !== WARM + OFFERS)
      throw new Error(
        `the log has ${offers.length} offers and ${holds.length} holds; ${WARM + OFFERS} of each made`,
      );
    return { database: kind, offers: offers.slice(WARM), holds: holds.slice(WARM) };
  } finally {
    await app.stop();
  }
}
