/**
 * An available seat's colour on a map of several classes, by the class's place in the legend.
 * None is green or red (selected, booked); the seat's own number stays on it, so colour is never
 * the only cue: the legend names each colour's class and price.
 */
export const classToneClass = [
  'border-sky-700 bg-sky-100 text-sky-950 hover:bg-sky-200 dark:border-sky-400 dark:bg-sky-950 dark:text-sky-100 dark:hover:bg-sky-900',
  'border-violet-700 bg-violet-100 text-violet-950 hover:bg-violet-200 dark:border-violet-400 dark:bg-violet-950 dark:text-violet-100 dark:hover:bg-violet-900',
  'border-amber-700 bg-amber-100 text-amber-950 hover:bg-amber-200 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100 dark:hover:bg-amber-900',
  'border-fuchsia-700 bg-fuchsia-100 text-fuchsia-950 hover:bg-fuchsia-200 dark:border-fuchsia-400 dark:bg-fuchsia-950 dark:text-fuchsia-100 dark:hover:bg-fuchsia-900',
  'border-cyan-700 bg-cyan-100 text-cyan-950 hover:bg-cyan-200 dark:border-cyan-400 dark:bg-cyan-950 dark:text-cyan-100 dark:hover:bg-cyan-900',
] as const;
