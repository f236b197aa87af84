import { dateLabel, longDateLabel } from '../date-labels.ts';

interface DatePickerProps {
  dates: readonly string[];
  today: string;
  selected: string | null;
  onSelect: (date: string) => void;
  labelledBy: string;
}

const chip =
  'min-h-11 rounded-full border px-5 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
const idle =
  'border-zinc-300 bg-white text-zinc-800 hover:border-brand-600 hover:text-brand-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:border-brand-400 dark:hover:text-brand-300';
const active = 'border-brand-700 bg-brand-700 text-white dark:border-brand-500 dark:bg-brand-600';

/** One button per date that has shows, earliest first; the chosen one is pressed. */
export function DatePicker({ dates, today, selected, onSelect, labelledBy }: DatePickerProps) {
  return (
    <div role="group" aria-labelledby={labelledBy} className="flex flex-wrap gap-2">
      {dates.map((date) => (
        <button
          key={date}
          type="button"
          aria-pressed={date === selected}
          title={longDateLabel(date)}
          onClick={() => onSelect(date)}
          className={`${chip} ${date === selected ? active : idle}`}
        >
          {dateLabel(date, today)}
        </button>
      ))}
    </div>
  );
}
