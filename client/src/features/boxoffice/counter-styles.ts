import { ApiError } from '../../lib/api.ts';

// What the counter's panels share: the look of a field and a panel, and a failure in words.

export const field =
  'w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-base dark:border-zinc-700 dark:bg-zinc-900';
export const panel = 'rounded-xl border border-zinc-200 p-4 dark:border-zinc-800';

/** A refusal in the server's words; no answer at all means nothing was done. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) return error.message;
  return 'The server cannot be reached: nothing was sold. Check the connection and try again.';
}
