import type { ReactNode } from 'react';
import { ScrollTable } from '../../../components/ui/scroll-table.tsx';

export const thClassName =
  'px-3 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-zinc-700 uppercase dark:text-zinc-300';
export const tdClassName = 'px-3 py-3 align-top';
/** A report's figure cell and its heading: right-aligned, digits in columns. */
export const numClassName = `${tdClassName} text-right tabular-nums whitespace-nowrap`;
export const numHeadClassName = `${thClassName} text-right`;

/** A report table's heading row: what each row is, then its figures' headings. */
export function FiguresHead({ first, figures }: { first: string; figures: readonly string[] }) {
  return (
    <thead className="border-b border-zinc-200 dark:border-zinc-800">
      <tr>
        <th scope="col" className={thClassName}>
          {first}
        </th>
        {figures.map((h) => (
          <th key={h} scope="col" className={numHeadClassName}>
            {h}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A table in a card that scrolls sideways on narrow screens (a focusable, named region). */
export function TableFrame({
  caption,
  isBusy = false,
  children,
}: {
  caption: string;
  /** The rows are the previous page's while the next one loads. */
  isBusy?: boolean;
  children: ReactNode;
}) {
  return (
    <ScrollTable
      caption={caption}
      isBusy={isBusy}
      frameClassName="transition-opacity aria-busy:opacity-60 rounded-lg border border-zinc-200 bg-white shadow-xs focus-visible:outline-2 focus-visible:outline-brand-600 dark:border-zinc-800 dark:bg-zinc-900"
      tableClassName="w-full min-w-[44rem] border-collapse text-sm"
    >
      {children}
    </ScrollTable>
  );
}
