import type { JobWire, ReportBody } from '@app/domain';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { CreationTile } from './creation-tile.tsx';
import './gallery.css';

/** Pages of creations as the data layer hands them out (`useCreations`). */
export interface CreationPages {
  /** Null until the first page arrives. */
  jobs: JobWire[] | null;
  hasMore: boolean;
  loading: boolean;
  error: string | null;
  more(): void;
}

/** A grid of recent public creations that loads more as it scrolls into view. */
export function CreationGrid({
  pages,
  endless = true,
  strip = false,
  onReport,
}: {
  pages: CreationPages;
  /** Report buttons on the tiles (the gallery); none where absent (the landing strip). */
  onReport?: (id: string, body: ReportBody) => Promise<void>;
  endless?: boolean;
  /** One scrolling row (the landing page) instead of a grid. */
  strip?: boolean;
}) {
  const { jobs, hasMore, loading, error, more } = pages;
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = sentinel.current;
    if (!endless || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) more();
      },
      { rootMargin: '400px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [endless, more]);

  if (error && !jobs) return <p role="alert">The gallery could not be loaded: {error}</p>;
  if (!jobs) return <Spinner label="Loading recent creations…" />;
  if (jobs.length === 0)
    return (
      <p className="gallery-empty">
        Nothing here yet. Public creations appear here as soon as they are made.
      </p>
    );
  return (
    <>
      <ul className={strip ? 'gallery-strip' : 'gallery-grid'} aria-label="Creations">
        {jobs.map((job, index) => (
          <CreationTile key={job.id} job={job} eager={index < 4} onReport={onReport} />
        ))}
      </ul>
      {endless && hasMore && (
        <div ref={sentinel} className="gallery-more">
          <Button variant="secondary" disabled={loading} onClick={more}>
            {loading ? 'Loading more…' : 'Show more'}
          </Button>
        </div>
      )}
    </>
  );
}
