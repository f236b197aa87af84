import {
  accessibleReleaseAt,
  bestAvailable,
  findSeat,
  isBookableFor,
  layoutClasses,
  MAX_SEATS_PER_BOOKING,
  strandedSeat,
  type Layout,
  type LayoutSeat,
} from '@marquee/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { bookings, bookingSeats, shows } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { SeatsTakenError, StaleSeatsError, type SeatState } from './hold-seats.ts';
import { blocksSeat } from '../seats/index.ts';

// The seat rules of a show's layout (CONTRACT §7) that the hold function does not decide: seats
// held back for wheelchair users, the single-seat rule, and best available. They read the show's
// layout snapshot and the seats blocked at `now`, then the hold claims the seats (the unique index
// still decides every race for a seat).

export interface SeatRulesConfig {
  /** SEAT_GAP_RULE: refuse bookings that strand a seat. */
  gapRule: boolean;
  /** ACCESSIBLE_RELEASE_MINUTES. */
  releaseMinutes: number;
}

/** Wheelchair spaces beside a seat (the previous and next positions of its row). */
function wheelchairsBeside(layout: Layout, seatId: string): string[] {
  for (const { seats } of layout.rows) {
    const position = seats.findIndex((seat) => seat?.id === seatId);
    if (position < 0) continue;
    return [seats[position - 1], seats[position + 1]]
      .filter((seat): seat is LayoutSeat => seat?.kind === 'wheelchair')
      .map((seat) => seat.id);
  }
  return [];
}

/**
 * The 409 message for held-back seats in a request, or null. Until the release, a wheelchair
 * space needs `accessible: true`, and a companion seat the wheelchair space beside it in the same
 * booking.
 */
export function heldBackRefusal(options: {
  layout: Layout;
  seats: string[];
  accessible: boolean;
  startsAt: Date;
  now: Date;
  releaseMinutes: number;
}): string | null {
  const { layout, seats, accessible, startsAt, now, releaseMinutes } = options;
  if (now >= accessibleReleaseAt(startsAt, releaseMinutes)) return null;
  const until = `until ${releaseMinutes} minutes before the show`;
  const spaces = seats.filter((id) => findSeat(layout, id)?.kind === 'wheelchair');
  if (spaces.length && !accessible) {
    const [one] = spaces;
    return spaces.length === 1
      ? `${one} is a wheelchair space, held for wheelchair users ${until}`
      : `${spaces.join(', ')} are wheelchair spaces, held for wheelchair users ${until}`;
  }
  const companions = seats.filter(
    (id) =>
      findSeat(layout, id)?.kind === 'companion' &&
      !wheelchairsBeside(layout, id).some((w) => seats.includes(w)),
  );
  if (companions.length) {
    const [one] = companions;
    return companions.length === 1
      ? `${one} is a companion seat, held for the companion of a wheelchair user booking the space beside it ${until}`
      : `${companions.join(', ')} are companion seats, held for companions of wheelchair users booking the spaces beside them ${until}`;
  }
  return null;
}

export const strandedMessage = (seat: string) =>
  `Seat ${seat} would be left on its own — choose seats next to it or leave a gap of two`;

/** A show's seats as the rules need them: its layout, start, row version and blocked seats. */
export interface ShowSeats {
  layout: Layout;
  startsAt: Date;
  /** The show row's version (xmin): any change to the show, its layout or start, changes it. */
  version: string;
  taken: Set<string>;
}

/** The show row's version and the seats blocked at `now`, as columns of a select from shows. */
function stateColumns(db: Queryable, showId: string, now: Date) {
  const taken = db
    .select({ seats: sql`json_agg(${bookingSeats.seat})` })
    .from(bookingSeats)
    .innerJoin(bookings, eq(bookings.id, bookingSeats.bookingId))
    .where(and(eq(bookingSeats.showId, showId), blocksSeat(now)));
  return {
    version: sql<string>`${shows}.xmin::text`,
    taken: sql<string[]>`coalesce((${taken}), '[]'::json)`,
  };
}

/**
 * The show's layout snapshot and the seats blocked at `now` (null when there is no show), in one
 * round trip.
 */
export async function readShowSeats(db: Queryable, showId: string, now: Date): Promise<ShowSeats | null> {
  const [show] = await db
    .select({ layout: shows.layout, startsAt: shows.startsAt, ...stateColumns(db, showId, now) })
    .from(shows)
    .where(eq(shows.id, showId));
  if (!show) return null;
  return { layout: show.layout, startsAt: show.startsAt, version: show.version, taken: new Set(show.taken) };
}

/**
 * `known` brought up to `now`: its blocked seats read again, without the layout, which the show's
 * version vouches for; null when the show has changed since (or is gone), to be read whole.
 */
async function refreshShowSeats(
  db: Queryable,
  showId: string,
  now: Date,
  known: ShowSeats,
): Promise<ShowSeats | null> {
  const [state] = await db
    .select(stateColumns(db, showId, now))
    .from(shows)
    .where(eq(shows.id, showId));
  if (!state || state.version !== known.version) return null;
  return { ...known, taken: new Set(state.taken) };
}

/**
 * The seat rules' refusal of chosen seats on a show as `show` has it, or null. Seats off the map
 * and taken seats are left to the hold, which answers them with their own messages.
 */
export function seatRuleRefusal(options: {
  show: ShowSeats;
  seats: string[];
  accessible: boolean;
  now: Date;
  rules: SeatRulesConfig;
}): string | null {
  const { show, seats, accessible, now, rules } = options;
  if (!seats.every((id) => findSeat(show.layout, id))) return null; // the hold answers "Invalid seat"
  if (seats.some((id) => show.taken.has(id))) return null; // the hold answers 409 naming them
  const refusal = heldBackRefusal({ ...show, seats, accessible, now, releaseMinutes: rules.releaseMinutes });
  if (refusal) return refusal;
  if (!rules.gapRule) return null;
  const released = now >= accessibleReleaseAt(show.startsAt, rules.releaseMinutes);
  const stranded = strandedSeat(show.layout, show.taken, seats, {
    isBookable: isBookableFor(show.layout, { accessible, released }),
  });
  return stranded && strandedMessage(stranded);
}

/**
 * The seats whose being blocked or free the decision rests on: with the single-seat rule, every
 * seat of each row a chosen seat is in (the rule weighs the whole row); else the chosen seats.
 */
export function watchedSeats(layout: Layout, seats: string[], rules: SeatRulesConfig): string[] {
  if (!rules.gapRule) return seats;
  const chosen = new Set(seats);
  return layout.rows
    .filter((row) => row.seats.some((seat) => seat !== null && chosen.has(seat.id)))
    .flatMap((row) => row.seats.flatMap((seat) => (seat ? [seat.id] : [])));
}

/**
 * What this process last knew of the seats of the shows it sold lately, so a hold can decide the
 * seat rules without reading the show first. Nothing here is trusted: the hold checks it in the
 * database and answers the state of now when it was out of date (StaleSeatsError), and a refusal
 * is only given on a state read at that moment.
 */
export class KnownSeats {
  private readonly shows = new Map<string, ShowSeats>();

  constructor(private readonly maxShows = 256) {}

  get(showId: string): ShowSeats | undefined {
    return this.shows.get(showId);
  }

  set(showId: string, show: ShowSeats): void {
    this.shows.delete(showId);
    if (this.shows.size >= this.maxShows) this.shows.delete(this.shows.keys().next().value!);
    this.shows.set(showId, show);
  }

  forget(showId: string): void {
    this.shows.delete(showId);
  }
}

/**
 * Decisions per hold: after two stale answers the third is held without the comparison, on the
 * state the last answer gave (what every hold did before migration 0009), so a busy row cannot
 * keep a buyer deciding again and again.
 */
const DECISIONS = 3;

/**
 * Holds chosen seats that pass the layout's rules, in one round trip when this process knows the
 * show: the rules are decided on what `known` has, and the hold goes through only if the database
 * still has the same (else the rules are decided again on the state it answers). A refusal is
 * only given on a state read at that moment. The single-seat rule holds against every hold
 * committed before; two holds at the same instant may together leave a seat on its own, which
 * neither could see (decision 0016).
 */
export async function holdChosenSeats<T>(options: {
  db: Db;
  known: KnownSeats;
  showId: string;
  seats: string[];
  accessible: boolean;
  now: Date;
  rules: SeatRulesConfig;
  hold: (decidedOn: SeatState | undefined) => Promise<T>;
  /**
   * A change of seats within the show (an exchange, CONTRACT §13): the rules are judged on the
   * seats the buyer will have (`seats` of them held now) with the ones given up as free, which
   * is how the row will be once the change completes.
   */
  change?: { seats: string[]; freed: readonly string[] };
}): Promise<T> {
  const { db, known, showId, seats, accessible, now, rules, hold, change } = options;
  const judged = change?.seats ?? seats;
  const asAfter = (state: ShowSeats): ShowSeats =>
    change
      ? { ...state, taken: new Set([...state.taken].filter((id) => !change.freed.includes(id))) }
      : state;
  let show = known.get(showId);
  let current = false;
  for (let decision = 1; ; decision++) {
    if (!show) {
      const read = await readShowSeats(db, showId, now);
      if (!read) return hold(undefined); // the hold answers 404
      known.set(showId, (show = read));
      current = true;
    }
    const refusal = seatRuleRefusal({ show: asAfter(show), seats: judged, accessible, now, rules });
    if (refusal && current) throw conflict(refusal);
    if (refusal) {
      // Decided on an older state: decide again on the state of now.
      const refreshed = await refreshShowSeats(db, showId, now, show);
      show = refreshed ?? undefined;
      if (refreshed) {
        known.set(showId, refreshed);
        current = true;
      }
      continue;
    }
    const watch = watchedSeats(show.layout, judged, rules);
    const decidedOn =
      decision < DECISIONS
        ? { version: show.version, watch, blocked: watch.filter((id) => show!.taken.has(id)) }
        : undefined;
    try {
      const held = await hold(decidedOn);
      const latest = known.get(showId);
      if (latest?.version === show.version) for (const id of seats) latest.taken.add(id);
      return held;
    } catch (error) {
      if (error instanceof SeatsTakenError) {
        const latest = known.get(showId);
        if (latest?.version === show.version) for (const id of error.takenSeats) latest.taken.add(id);
      }
      if (!(error instanceof StaleSeatsError)) throw error;
      show = error.version === show.version ? { ...show, taken: new Set(error.blocked) } : undefined;
      if (show) known.set(showId, show);
      else known.forget(showId);
      current = true;
    }
  }
}

/** Picks best available seats (CONTRACT §7) from the seats blocked now. */
export async function pickBestAvailable(options: {
  db: Queryable;
  showId: string;
  quantity: number;
  cls: string | undefined;
  now: Date;
}): Promise<string[]> {
  const { db, showId, quantity, cls, now } = options;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_SEATS_PER_BOOKING) {
    throw badRequest(`Choose between 1 and ${MAX_SEATS_PER_BOOKING} seats`);
  }
  const show = await readShowSeats(db, showId, now);
  if (!show) throw notFound('Show not found');
  if (cls !== undefined && !layoutClasses(show.layout).includes(cls)) {
    throw badRequest(`This show has no class ${cls}`);
  }
  const picked = bestAvailable(show.layout, show.taken, quantity, cls);
  if (!picked) throw conflict(`No ${quantity} seats together`);
  return picked;
}
