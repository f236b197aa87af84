import { addDays, isIsoDate, zonedDate } from '@marquee/shared';
import { Download, Printer } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.ts';
import { useCinemaTimeZone } from '../../../lib/cinema-config.ts';
import { inputClassName } from './field.tsx';

/**
 * A period of cinema days kept in the address (`?from=&to=`), so a report can be bookmarked and
 * reloaded: `to` is today unless given, `from` what `defaultFrom` makes of `to`.
 */
export function usePeriodParams(defaultFrom: (to: string) => string) {
  const timeZone = useCinemaTimeZone();
  const [params, setParams] = useSearchParams();
  const today = zonedDate(new Date(), timeZone);
  const to = isIsoDate(params.get('to') ?? '') ? params.get('to')! : today;
  const from = isIsoDate(params.get('from') ?? '') ? params.get('from')! : defaultFrom(to);
  const set = (key: 'from' | 'to', value: string) => {
    if (isIsoDate(value)) setParams({ from, to, [key]: value }, { replace: true });
  };
  return { from, to, isOrdered: from <= to, set };
}

/** The From and To date fields of a period of at most `maxDays` days. */
export function PeriodFields({
  idPrefix,
  from,
  to,
  maxDays,
  onChange,
}: {
  idPrefix: string;
  from: string;
  to: string;
  maxDays: number;
  onChange: (key: 'from' | 'to', value: string) => void;
}) {
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-from`} className="block text-sm font-medium">
          From
        </label>
        <input
          id={`${idPrefix}-from`}
          type="date"
          value={from}
          max={to}
          onChange={(e) => onChange('from', e.target.value)}
          className={`${inputClassName} mt-1 w-44`}
        />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-to`} className="block text-sm font-medium">
          To
        </label>
        <input
          id={`${idPrefix}-to`}
          type="date"
          value={to}
          min={from}
          max={addDays(from, maxDays - 1)}
          onChange={(e) => onChange('to', e.target.value)}
          className={`${inputClassName} mt-1 w-44`}
        />
      </div>
    </>
  );
}

/** A report's two actions beside its period: its CSV (same origin, the session goes along) and print. */
export function ReportActions({ csvUrl }: { csvUrl: string }) {
  return (
    <>
      <a href={csvUrl} download className={buttonClassName('secondary')}>
        <Download aria-hidden className="size-4" /> Download CSV
      </a>
      <button type="button" onClick={() => window.print()} className={buttonClassName('secondary')}>
        <Printer aria-hidden className="size-4" /> Print
      </button>
    </>
  );
}
