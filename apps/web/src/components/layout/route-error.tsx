import { ERROR_TEXT } from '@app/domain';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';

/** What shows, in place of the whole page, when a page throws while rendering or its code fails to load. */
export function RouteError({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <main className="site-main narrow error-page">
      <h1>{ERROR_TEXT.unexpectedApplicationError}</h1>
      {detail && <p className="muted">{detail}</p>}
      <p>
        <Link to={paths.home.href()}>Back to the start page</Link>
      </p>
    </main>
  );
}

export function NotFound() {
  return (
    <section className="narrow error-page">
      <h1>Page not found</h1>
      <p className="muted">There is nothing at this address.</p>
      <p>
        <Link to={paths.home.href()}>Back to the start page</Link>
      </p>
    </section>
  );
}
