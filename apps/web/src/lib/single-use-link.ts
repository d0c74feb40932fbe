import { useQuery } from '@tanstack/react-query';

/**
 * Opens an e-mailed single-use link once. A query, not a mutation: a repeated render (StrictMode,
 * a remount) must not spend the link twice; never refetched, and forgotten when the page goes.
 */
export function useSingleUseLink<Answer>(queryKey: readonly unknown[], open: () => Promise<Answer>) {
  return useQuery({ queryKey, queryFn: open, staleTime: Number.POSITIVE_INFINITY, gcTime: 0 });
}
