import {
  priceOfClass,
  layoutClasses,
  rupeesToPaise,
  runtimeMinutes,
  SCREEN_BOOKED_MESSAGE,
  seatIds,
  type Layout,
  type Screen,
  type ScreenUpdate,
} from '@marquee/shared';
import { and, count, eq, gt } from 'drizzle-orm';
import { pgError, type Queryable } from '../../db/client.ts';
import { screens, shows } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';

// What the programme and the admin screens share about screens (CONTRACT §7).

/** "Screen 1": the spec's A–H × 12, created by migration 0007 with this fixed id (kept in shared). */
export { DEFAULT_SCREEN_ID } from '@marquee/shared';
export const DEFAULT_SCREEN_NAME = 'Screen 1';
/** The class of a show made from the spec's payload (one price for every seat). */
export const STANDARD_CLASS = 'Standard';

/** The exclusion constraint that keeps a screen's live shows apart (migration 0007). */
export const SCREEN_OVERLAP_CONSTRAINT = 'shows_screen_no_overlap';
export const SCREEN_NAME_INDEX = 'screens_name_uq';

/** When the screen is free again after a show: its start, the film's runtime, then the cleaning. */
export function screenFreeAt(startsAt: Date, runtime: string, cleaningMinutes: number): Date {
  return new Date(startsAt.getTime() + (runtimeMinutes(runtime) + cleaningMinutes) * 60_000);
}

/** The 409 for a show that would overlap another on its screen; other errors pass through. */
export function screenOverlapError(error: unknown) {
  const pg = pgError(error);
  if (pg?.code === '23P01' && pg.constraint === SCREEN_OVERLAP_CONSTRAINT)
    return conflict(SCREEN_BOOKED_MESSAGE);
  return null;
}

export async function findScreen(db: Queryable, screenId: string) {
  if (!isUuid(screenId)) throw notFound('Screen not found');
  const [screen] = await db.select().from(screens).where(eq(screens.id, screenId));
  if (!screen) throw notFound('Screen not found');
  return screen;
}

/**
 * Class prices (rupees in, paise out) for a layout: every class priced, nothing else. A
 * single-class layout may take the spec's one `showPrice` instead.
 */
export function classPrices(
  layout: Layout,
  prices: Record<string, number> | undefined,
  showPrice: number | undefined,
): Record<string, number> {
  const classes = layoutClasses(layout);
  if (!prices) {
    if (classes.length === 1 && showPrice !== undefined) return { [classes[0]!]: rupeesToPaise(showPrice) };
    throw badRequest(`Please enter a price for every class: ${classes.join(', ')}`);
  }
  const unknown = Object.keys(prices).filter((cls) => !classes.includes(cls));
  if (unknown.length) throw badRequest(`This screen has no class ${unknown.join(', ')}`);
  const missing = classes.filter((cls) => priceOfClass(prices, cls) === undefined);
  if (missing.length) throw badRequest(`Please enter a price for every class: ${missing.join(', ')}`);
  return Object.fromEntries(classes.map((cls) => [cls, rupeesToPaise(priceOfClass(prices, cls)!)]));
}

type ScreenRow = typeof screens.$inferSelect;

export function toScreen(row: ScreenRow, upcomingShows: number): Screen {
  return {
    _id: row.id,
    name: row.name,
    layout: row.layout,
    classes: layoutClasses(row.layout),
    seatCount: seatIds(row.layout).length,
    upcomingShows,
    active: row.active,
  };
}

/** Active shows of a screen that have not started: what an edit leaves on their old layout. */
export async function upcomingShowCounts(db: Queryable, now: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ screenId: shows.screenId, value: count() })
    .from(shows)
    .where(and(eq(shows.status, 'active'), gt(shows.startsAt, now)))
    .groupBy(shows.screenId);
  return new Map(rows.map((row) => [row.screenId, Number(row.value)]));
}

/**
 * A new name and layout, and/or retired or restored. Retiring takes the screen's row lock, which
 * a show being added waits for (db/sql/marquee_show_needs_active.sql), so no show lands on a screen as it is retired.
 */
export async function updateScreen(
  db: Queryable,
  before: ScreenRow,
  input: ScreenUpdate,
  now: Date,
): Promise<{ row: ScreenRow; changes: Record<string, { from: unknown; to: unknown }> }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const set: Partial<ScreenRow> = { updatedAt: now };
  if (input.name !== undefined && input.layout !== undefined) {
    Object.assign(set, { name: input.name, layout: input.layout });
    if (input.name !== before.name) changes.name = { from: before.name, to: input.name };
  }
  if (input.active !== undefined && input.active !== before.active) {
    set.active = input.active;
    changes.active = { from: before.active, to: input.active };
  }
  const [row] = await db.update(screens).set(set).where(eq(screens.id, before.id)).returning();
  return { row: row!, changes };
}
