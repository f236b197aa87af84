import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

// Retrying a 4xx only repeats the same refusal; network failures and 5xx may pass.
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The app's one query client, in a module of its own so the router can start a page's requests
 * while the page's code is still on its way (app/router.tsx).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: shouldRetry },
    mutations: { retry: false },
  },
});
