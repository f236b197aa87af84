import { ChevronLeft, ChevronRight } from 'lucide-react';
import { buttonClassName } from '../../../components/ui/button.ts';
import { pageCount } from '../format.ts';

interface PaginationProps {
  /** What is being paged, for the landmark's name: 'Shows pages'. */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

export function Pagination({ label, page, pageSize, total, onPage }: PaginationProps) {
  const pages = pageCount(total, pageSize);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-zinc-600 dark:text-zinc-400">
        Showing {first}–{last} of {total}
      </p>
      {/* Wraps on a phone rather than widening the page. */}
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={buttonClassName('secondary', 'px-3')}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          <ChevronLeft aria-hidden className="size-4" />
          Previous
        </button>
        <span aria-current="page" className="px-2 whitespace-nowrap text-zinc-700 dark:text-zinc-300">
          Page {page} of {pages}
        </span>
        <button
          type="button"
          className={buttonClassName('secondary', 'px-3')}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next
          <ChevronRight aria-hidden className="size-4" />
        </button>
      </div>
    </nav>
  );
}
