import type { Show } from '@marquee/shared';
import { CalendarDays, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClassName } from '../../../components/ui/button.ts';
import { DatePicker } from './date-picker.tsx';
import { schedulePrompt } from '../schedule-prompt.ts';
import { ShowTimePicker } from './show-time-picker.tsx';

interface ShowScheduleProps {
  dates: readonly string[];
  today: string;
  date: string | null;
  /** The shows of the chosen date, soonest first. */
  shows: readonly Show<unknown>[];
  showId: string | null;
  isLoading: boolean;
  /** Why the shows could not be loaded, or null. */
  error: string | null;
  onRetry: () => void;
  onChooseDate: (date: string) => void;
  onChooseShow: (showId: string) => void;
  /** Below the show times: the waiting lists of the date's sold-out shows. */
  afterTimes?: ReactNode;
}

const heading = 'mb-3 flex items-center gap-2 text-xl font-semibold';

/** Select Date, then Select Show Time, with the prompt for whichever step comes next. */
export function ShowSchedule(props: ShowScheduleProps) {
  const { dates, today, date, shows, showId, isLoading, error } = props;
  const prompt = schedulePrompt(date, showId);
  const hasDates = !isLoading && !error && dates.length > 0;

  return (
    <div className="space-y-8">
      <section aria-labelledby="select-date-heading">
        <h2 id="select-date-heading" className={heading}>
          <CalendarDays aria-hidden className="size-5 text-brand-700 dark:text-brand-400" />
          Select Date
        </h2>
        {isLoading ? (
          <p role="status" className="text-zinc-600 dark:text-zinc-400">
            Loading show times...
          </p>
        ) : error ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-red-700 dark:text-red-400">
            <p>{error}</p>
            <button type="button" onClick={props.onRetry} className={buttonClassName('secondary')}>
              Try again
            </button>
          </div>
        ) : dates.length === 0 ? (
          <p className="text-zinc-600 dark:text-zinc-400">No upcoming shows are scheduled for this movie.</p>
        ) : (
          <DatePicker
            dates={dates}
            today={today}
            selected={date}
            onSelect={props.onChooseDate}
            labelledBy="select-date-heading"
          />
        )}
      </section>

      {hasDates && (
        <section aria-labelledby="select-time-heading">
          <h2 id="select-time-heading" className={heading}>
            Select Show Time
          </h2>
          {date && (
            <ShowTimePicker
              shows={shows}
              selectedId={showId}
              onSelect={props.onChooseShow}
              labelledBy="select-time-heading"
            />
          )}
          {date && props.afterTimes}
          {/* A live region, so the next step is announced as the previous one is done. */}
          <div role="status" className="empty:hidden">
            {prompt && (
              <p className="mt-4 flex items-center gap-2 rounded-lg bg-zinc-100 px-4 py-3 text-sm text-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-300">
                <Info aria-hidden className="size-4 shrink-0" />
                {prompt}
              </p>
            )}
          </div>
        </section>
      )}
    </div>
  );
}
