import { useEffect, useRef } from 'react';
import { Button, Spinner } from '@/components/ui/index.ts';
import { useCreations } from './use-creations.ts';
import { CreationTile } from './creation-tile.tsx';
import './gallery.css';

/** A grid of recent public creations that loads more as it scrolls into view. */
export function RecentCreations({
  kind,
  limit,
  endless = true,
  strip = false,
}: {
  kind?: string;
  limit?: number;
  endless?: boolean;
  /** One scrolling row (the landing page) instead of a grid. */
  strip?: boolean;
}) {
  const { jobs, hasMore, loading, error, more } = useCreations(kind, limit);
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
    return <p>Nothing here yet. Public creations appear here as soon as they are made.</p>;
  return (
    <>
      <ul className={strip ? 'gallery-strip' : 'gallery-grid'} aria-label="Creations">
        {jobs.map((job, index) => (
          <CreationTile key={job.id} job={job} eager={index < 4} />
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
