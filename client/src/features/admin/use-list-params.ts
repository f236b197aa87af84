import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's filters and page, kept in the address so a view survives a reload and can be shared.
 * Changing a filter goes back to page 1 and replaces the history entry; turning a page adds one.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  /** Sets one parameter, or several at once (`setParam({ date, show: '' })`); '' removes one. */
  const setParam = useCallback(
    (nameOrValues: string | Record<string, string>, value = '') => {
      const values = typeof nameOrValues === 'string' ? { [nameOrValues]: value } : nameOrValues;
      const isPaging = Object.keys(values).every((name) => name === 'page');
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, text] of Object.entries(values)) {
            if (text) next.set(name, text);
            else next.delete(name);
          }
          if (!isPaging) next.delete('page');
          return next;
        },
        { replace: !isPaging },
      );
    },
    [setParams],
  );
  return [params, setParam] as const;
}
