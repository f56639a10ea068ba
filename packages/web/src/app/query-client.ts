import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../shared/api/index.ts';

/** Retries only what a retry can fix: no answer, or a 5xx/424; never 4xx decisions. */
const shouldRetry = (failureCount: number, error: unknown): boolean => {
  if (failureCount >= 2) return false;
  if (error instanceof ApiError) return error.status >= 500 || error.status === 424;
  return true;
};

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 15_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
