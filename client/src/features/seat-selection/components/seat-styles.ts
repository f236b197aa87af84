import { classToneClass } from '../../../lib/seat-class-tones.ts';
import type { SeatState } from '../seat-state.ts';

// Shared by the seats and the legend so the key always matches the map. Each state differs in
// more than hue: available is outlined with its number, selected is solid with a tick, booked is
// solid with a cross, held is dashed; every pair clears 3:1 against the card in both themes.
export const seatStateClass: Record<SeatState, string> = {
  available:
    'border-zinc-500 bg-zinc-100 text-zinc-800 hover:border-green-700 hover:bg-green-50 dark:border-zinc-400 dark:bg-zinc-800 dark:text-zinc-100 dark:hover:border-green-400 dark:hover:bg-green-950',
  selected:
    'border-green-800 bg-green-700 text-white dark:border-green-300 dark:bg-green-500 dark:text-zinc-950',
  booked: 'cursor-not-allowed border-red-800 bg-red-600 text-white dark:border-red-400 dark:bg-red-700',
  // The buyer's own waiting seats: solid blue with a clock, apart from both green and red.
  mine: 'border-sky-900 bg-sky-700 text-white dark:border-sky-300 dark:bg-sky-500 dark:text-zinc-950',
  held: 'cursor-help border-dashed border-zinc-500 bg-zinc-200 text-zinc-800 dark:border-zinc-400 dark:bg-zinc-700 dark:text-zinc-100',
};

export function availableSeatClass(classIndex: number, classCount: number): string {
  if (classCount <= 1) return seatStateClass.available;
  return classToneClass[classIndex % classToneClass.length]!;
}
