import {
  fromZonedParts,
  overlappingSlots,
  overlappingSlotsMessage,
  parseTimeOfDay,
  type CreateShowsRequest,
} from '@marquee/shared';

/**
 * The Add Show draft (spec §4): the times chosen so far, per cinema-calendar date. Dates are
 * YYYY-MM-DD and times 'h:mm AM/PM'; each date's times are kept sorted by the clock.
 */
export type ShowDraft = Readonly<Record<string, readonly string[]>>;

export type ShowDraftAction =
  | { type: 'add'; date: string; time: string }
  | { type: 'remove-time'; date: string; time: string }
  | { type: 'remove-date'; date: string }
  | { type: 'clear' };

export const emptyDraft: ShowDraft = {};

const byClock = (a: string, b: string) => (parseTimeOfDay(a) ?? 0) - (parseTimeOfDay(b) ?? 0);

export function hasTiming(draft: ShowDraft, date: string, time: string): boolean {
  return draft[date]?.includes(time) ?? false;
}

/** Adding a time already there changes nothing: the form says so before it gets here. */
export function showDraftReducer(draft: ShowDraft, action: ShowDraftAction): ShowDraft {
  switch (action.type) {
    case 'add': {
      if (hasTiming(draft, action.date, action.time)) return draft;
      const times = [...(draft[action.date] ?? []), action.time].sort(byClock);
      return { ...draft, [action.date]: times };
    }
    case 'remove-time': {
      const times = draft[action.date];
      if (!times?.includes(action.time)) return draft;
      const rest = times.filter((time) => time !== action.time);
      // A date left with no times goes too, so the draft never lists an empty day.
      if (rest.length === 0) return withoutDate(draft, action.date);
      return { ...draft, [action.date]: rest };
    }
    case 'remove-date':
      return action.date in draft ? withoutDate(draft, action.date) : draft;
    case 'clear':
      return emptyDraft;
  }
}

function withoutDate(draft: ShowDraft, date: string): ShowDraft {
  const { [date]: _removed, ...rest } = draft;
  return rest;
}

/** The draft's dates in calendar order, each with its times in clock order. */
export function draftEntries(draft: ShowDraft): { date: string; times: readonly string[] }[] {
  return Object.keys(draft)
    .sort()
    .map((date) => ({ date, times: draft[date] ?? [] }))
    .filter((entry) => entry.times.length > 0);
}

export function countTimings(draft: ShowDraft): number {
  return Object.values(draft).reduce((sum, times) => sum + times.length, 0);
}

/** The POST /api/shows `dateTimings` of spec §3: each time with an empty occupiedSeats. */
export function toDateTimings(draft: ShowDraft): CreateShowsRequest['dateTimings'] {
  return draftEntries(draft).map(({ date, times }) => ({
    date,
    timings: times.map((time) => ({ time, occupiedSeats: {} })),
  }));
}

/**
 * Why the draft's own times cannot all play on one screen: the first that would start before the
 * one before it has run the film (`runtime`) and the cleaning, worded as the server refuses it
 * (CONTRACT §7); null when they can.
 */
export function draftOverlap(
  draft: ShowDraft,
  { runtime, cleaningMinutes, timeZone }: { runtime: string; cleaningMinutes: number; timeZone: string },
): string | null {
  const slots = draftEntries(draft).flatMap(({ date, times }) =>
    times.map((time) => ({
      date,
      time,
      startsAt: fromZonedParts(date, parseTimeOfDay(time) ?? 0, timeZone),
    })),
  );
  const clash = overlappingSlots(slots, runtime, cleaningMinutes);
  return clash ? overlappingSlotsMessage(clash, cleaningMinutes) : null;
}
