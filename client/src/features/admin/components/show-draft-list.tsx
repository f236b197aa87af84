import { X } from 'lucide-react';
import { formatShowDate } from '../format.ts';
import { draftEntries, type ShowDraft, type ShowDraftAction } from '../show-draft.ts';

/** The times chosen so far, by date: each time removable, and each date with all its times. */
export function ShowDraftList({
  draft,
  dispatch,
  headingId,
}: {
  draft: ShowDraft;
  dispatch: (action: ShowDraftAction) => void;
  headingId: string;
}) {
  const entries = draftEntries(draft);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-sm font-semibold text-zinc-800 dark:text-zinc-200">
        Selected show times
      </h2>
      {entries.length === 0 ? (
        <p className="rounded-md border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
          No times added yet. Pick a date and time above, then Add Time.
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {entries.map(({ date, times }) => {
            const label = formatShowDate(date);
            return (
              <li
                key={date}
                aria-label={label}
                className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
              >
                <div className="flex items-center justify-between gap-3">
                  <h3 className="font-medium">{label}</h3>
                  <button
                    type="button"
                    onClick={() => dispatch({ type: 'remove-date', date })}
                    aria-label={`Remove ${label} and its times`}
                    className="rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-red-400 dark:hover:bg-red-950/50"
                  >
                    Remove date
                  </button>
                </div>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {times.map((time) => (
                    <li
                      key={time}
                      className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm font-medium text-brand-800 dark:bg-brand-900/40 dark:text-brand-200"
                    >
                      {time}
                      <button
                        type="button"
                        onClick={() => dispatch({ type: 'remove-time', date, time })}
                        aria-label={`Remove ${time} on ${label}`}
                        title={`Remove ${time}`}
                        className="rounded-full p-1 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-brand-900"
                      >
                        <X aria-hidden className="size-3.5" />
                      </button>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
