import { useEffect, useState } from 'react';
import { useAppDispatch } from '@/lib/store/hooks.ts';
import { fetchChangelogEntries } from './changelog-slice.ts';

/**
 * Loads the changelog into the store when the page opens. The answer is true while the first
 * load is under way (`initiallyLoading`: false when the store already has what the page needs).
 */
export function useFetchChangelogEntries(initiallyLoading = true): boolean {
  const dispatch = useAppDispatch();
  const [loading, setLoading] = useState(initiallyLoading);

  useEffect(() => {
    let active = true;
    void dispatch(fetchChangelogEntries()).finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [dispatch]);

  return loading;
}
