import { Link } from 'react-router';
import { useCreations } from '@/api/creations.ts';
import { CreationGrid } from '@/components/creation-grid/index.ts';
import { paths } from '@/config/paths.ts';

/** The landing page's row of recent public creations (its own chunk, loaded after the page). */
export function RecentStrip() {
  const pages = useCreations(undefined, 8);
  return (
    <>
      <CreationGrid pages={pages} strip endless={false} />
      <p>
        <Link to={paths.gallery.href()}>See the whole gallery</Link>
      </p>
    </>
  );
}
