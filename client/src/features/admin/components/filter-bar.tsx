import type { ReactNode } from 'react';

/** The row of filters above a list; applies as each one changes. */
export function FilterBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <search
      aria-label={label}
      className="mb-4 flex flex-wrap items-end gap-4 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      {children}
    </search>
  );
}
