import type { JobWire } from '@app/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { listJobs } from './jobs.ts';

interface Loaded {
  /** Which list the pages belong to: pages of another kind are never shown. */
  key: string;
  jobs: JobWire[];
  cursor: string | null;
}

/**
 * Pages of `GET /api/jobs` (the public gallery, optionally of one kind), newest first; `more()`
 * appends the next page. Outside the store, so the gallery can be prerendered. A new kind starts
 * over from an empty list.
 */
export function useCreations(kind: string | undefined, limit = 24) {
  const key = `${kind ?? ''}/${limit}`;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  // Which list a next page is being read for.
  const [loadingKey, setLoadingKey] = useState<string | null>(null);
  const [error, setError] = useState<{ key: string; message: string } | null>(null);
  const generation = useRef(0);
  const current = loaded?.key === key ? loaded : null;
  const loading = loadingKey === key;

  // The first page.
  useEffect(() => {
    const mine = ++generation.current;
    listJobs({ kind, limit }).then(
      (page) => mine === generation.current && setLoaded({ key, jobs: page.jobs, cursor: page.nextCursor }),
      (caught: Error) => mine === generation.current && setError({ key, message: caught.message }),
    );
  }, [key, kind, limit]);

  const cursor = current?.cursor ?? null;
  const more = useCallback(() => {
    if (!cursor || loading) return;
    const mine = ++generation.current;
    setLoadingKey(key);
    listJobs({ kind, cursor, limit }).then(
      (page) => {
        if (mine !== generation.current) return;
        setLoaded((last) =>
          last?.key === key ? { key, jobs: [...last.jobs, ...page.jobs], cursor: page.nextCursor } : last,
        );
        setError(null);
        setLoadingKey(null);
      },
      (caught: Error) => {
        if (mine !== generation.current) return;
        setError({ key, message: caught.message });
        setLoadingKey(null);
      },
    );
  }, [cursor, loading, key, kind, limit]);

  return {
    jobs: current?.jobs ?? null,
    hasMore: cursor !== null,
    loading,
    error: error?.key === key ? error.message : null,
    more,
  };
}
