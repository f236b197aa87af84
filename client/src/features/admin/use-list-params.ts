import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's filters and page, kept in the address so a view survives a reload and can be shared.
 * Changing a filter goes back to page 1 and replaces the history entry; turning a page adds one.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const setParam = useCallback(
    (name: string, value: string) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          if (name !== 'page') next.delete('page');
          return next;
        },
        { replace: name !== 'page' },
      );
    },
    [setParams],
  );
  return [params, setParam] as const;
}
