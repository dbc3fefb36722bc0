import type { JobWire } from '@app/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { listJobs } from '@/components/jobs/index.ts';

/**
 * Pages of `GET /api/jobs` (the public gallery, optionally of one kind), newest first; `more()`
 * appends the next page. Outside the store, so the gallery can be prerendered.
 */
export function useCreations(kind: string | undefined, limit = 24) {
  const [jobs, setJobs] = useState<JobWire[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const generation = useRef(0);

  const load = useCallback(
    async (from: string) => {
      const mine = ++generation.current;
      setLoading(true);
      try {
        const page = await listJobs({ kind, cursor: from, limit });
        if (mine !== generation.current) return;
        setJobs((current) => [...(current ?? []), ...page.jobs]);
        setCursor(page.nextCursor);
        setError(null);
      } catch (caught) {
        if (mine === generation.current) setError((caught as Error).message);
      } finally {
        if (mine === generation.current) setLoading(false);
      }
    },
    [kind, limit],
  );

  // The first page; a new kind means a new component (keyed by kind), so it starts empty.
  useEffect(() => {
    const mine = ++generation.current;
    listJobs({ kind, limit }).then(
      (page) => {
        if (mine !== generation.current) return;
        setJobs(page.jobs);
        setCursor(page.nextCursor);
      },
      (caught: Error) => mine === generation.current && setError(caught.message),
    );
  }, [kind, limit]);

  const more = useCallback(() => {
    if (cursor && !loading) void load(cursor);
  }, [cursor, loading, load]);

  return { jobs, hasMore: cursor !== null, loading, error, more };
}
