import { formatTimeOfDay, toZonedParts, type Layout } from '@marquee/shared';
import { useMemo, useState } from 'react';
import { useIsBefore } from './use-is-before.ts';

const accessibleKinds = new Set(['wheelchair', 'companion']);
const noSeats: ReadonlySet<string> = new Set();

/** The wheelchair spaces and companion seats of a layout. */
export function accessibleSeats(layout: Layout): Set<string> {
  const ids = new Set<string>();
  for (const { seats } of layout.rows)
    for (const seat of seats) if (seat && accessibleKinds.has(seat.kind)) ids.add(seat.id);
  return ids;
}

/**
 * Wheelchair spaces and their companion seats, held back until the release (CONTRACT §7), for a
 * page choosing seats on `layout`: which seats are held now, when they are released (the cinema's
 * clock), and the buyer's own "I need a wheelchair space", which lets them be chosen (sent to the
 * server as `accessible: true`, which decides).
 */
export function useHeldBack(layout: Layout, releaseAt: string | null, timeZone: string) {
  const [needsWheelchair, setNeedsWheelchair] = useState(false);
  const accessible = useMemo(() => accessibleSeats(layout), [layout]);
  const isBeforeRelease = useIsBefore(releaseAt);
  const isHeldBack = isBeforeRelease && accessible.size > 0;
  return {
    needsWheelchair,
    setNeedsWheelchair,
    isBeforeRelease,
    /** The layout has seats held back now: the page explains them and offers the tick box. */
    isHeldBack,
    /** The seats this buyer may not choose now. */
    heldBack: isHeldBack && !needsWheelchair ? accessible : noSeats,
    releaseTime: releaseAt ? formatTimeOfDay(toZonedParts(new Date(releaseAt), timeZone).minutes) : '',
  };
}

/** What a click on a held-back seat says: booking it, or changing to it. */
export function heldSeatMessage(seatId: string, releaseTime: string, verb: 'book' | 'change to'): string {
  return `${seatId} is held for wheelchair users until ${releaseTime}. Tick “I need a wheelchair space” to ${verb} it.`;
}
