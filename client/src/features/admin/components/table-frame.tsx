import { useId, type ReactNode } from 'react';

export const thClassName =
  'px-4 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-zinc-700 uppercase dark:text-zinc-300';
export const tdClassName = 'px-4 py-3 align-top';

/**
 * A table in a card that scrolls sideways on narrow screens. The scrolling box is a focusable,
 * named region so keyboard users can scroll it too.
 */
export function TableFrame({ caption, children }: { caption: string; children: ReactNode }) {
  const captionId = useId();
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-zinc-200 bg-white shadow-xs focus-visible:outline-2 focus-visible:outline-brand-600 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <table className="w-full min-w-[48rem] border-collapse text-sm">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}
