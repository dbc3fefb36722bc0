import { Component, Suspense, useMemo, type ReactNode } from 'react';
import { useLocation, useRoutes } from 'react-router';
import { AppLayout, PageLoading } from '@/components/layout/app-layout.tsx';
import { RouteError } from '@/components/layout/route-error.tsx';
import { loadRoutePages } from '@/lib/lazy-page.tsx';
import { routes } from './router.tsx';
import { ScrollRestoration } from './scroll-restoration.tsx';

interface BoundaryState {
  error?: unknown;
  locationKey: string;
}

/** Shows RouteError in place of the whole page when a page throws; the next page starts afresh. */
export class RouteErrorBoundary extends Component<
  { locationKey: string; children: ReactNode },
  BoundaryState
> {
  override state: BoundaryState = { locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: { locationKey: string }, state: BoundaryState) {
    return props.locationKey === state.locationKey
      ? null
      : { error: undefined, locationKey: props.locationKey };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}

/** The page at the address. */
function Page() {
  const { pathname } = useLocation();
  // The lazy layouts and page of the address load side by side, not one after the other as each
  // renders (loading is idempotent: a page's code loads once).
  useMemo(() => void loadRoutePages(routes, pathname), [pathname]);
  return useRoutes(routes);
}

/**
 * The app inside a router: the page at the address in the page chrome. While a page's code loads
 * on the first visit, the chrome shows a loading state; on later navigations the current page stays
 * until the next is ready. `shell`: the chrome with the loading state only, the markup the server
 * sends for the pages it does not prerender.
 */
export function App({ shell = false }: { shell?: boolean }) {
  const location = useLocation();
  return (
    <RouteErrorBoundary locationKey={location.key}>
      <AppLayout>
        {shell ? (
          <PageLoading />
        ) : (
          <Suspense fallback={<PageLoading />}>
            <Page />
          </Suspense>
        )}
      </AppLayout>
      {!shell && <ScrollRestoration />}
    </RouteErrorBoundary>
  );
}
