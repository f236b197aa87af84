import { useId, type ReactNode } from 'react';

/**
 * A table in a box that scrolls sideways when the screen is narrower than the table. The box is a
 * focusable region named by the table's caption, so the keyboard scrolls it too and a screen
 * reader announces what it holds (axe: scrollable-region-focusable). The caption is for screen
 * readers; the page shows its own heading.
 */
export function ScrollTable({
  caption,
  frameClassName,
  tableClassName,
  isBusy = false,
  children,
}: {
  caption: string;
  /** The box's look and its focus outline. */
  frameClassName: string;
  tableClassName: string;
  /** The rows are stale while newer ones load. */
  isBusy?: boolean;
  children: ReactNode;
}) {
  const captionId = useId();
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      aria-busy={isBusy || undefined}
      // Relative, so what is absolutely placed inside (sr-only names of icon buttons) is clipped by
      // this box too, instead of widening the whole page on a phone.
      className={`relative overflow-x-auto ${frameClassName}`}
    >
      <table className={tableClassName}>
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}
