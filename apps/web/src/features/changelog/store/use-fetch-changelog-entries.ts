import { fetchEntriesApi } from '../api/fetch-entries.ts';

/**
 * Loads the changelog into the store when the page opens (RTK Query fetches it again on every
 * visit). The answer is true while a page that has nothing to show yet waits for the first load
 * (`initiallyLoading`: false when the store already has what the page needs).
 */
export function useFetchChangelogEntries(initiallyLoading = true): boolean {
  const { isLoading } = fetchEntriesApi.useChangelogEntriesQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  return initiallyLoading && isLoading;
}
