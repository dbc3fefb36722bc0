import { Link } from 'react-router';
import { RecentCreations } from '@/components/creations/index.ts';
import { paths } from '@/config/paths.ts';

/** The landing page's row of recent public creations (its own chunk, loaded after the page). */
export function RecentStrip() {
  return (
    <>
      <RecentCreations strip endless={false} limit={8} />
      <p>
        <Link to={paths.gallery.href()}>See the whole gallery</Link>
      </p>
    </>
  );
}
