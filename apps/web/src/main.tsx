import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { routes } from './app/router.tsx';
import './styles/global.css';

/** Loads the lazy modules of the routes that match the address, as the server did when prerendering. */
async function resolveLazyRoutes(routeList: RouteObject[], location: Location): Promise<void> {
  const lazyMatches = (matchRoutes(routeList, location) ?? []).filter(
    (match) => typeof match.route.lazy === 'function',
  );
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, { ...(await load()), lazy: undefined });
    }),
  );
}

async function start(container: HTMLElement): Promise<void> {
  // The server sends either a prerendered page (data-prerendered) or the app shell.
  const prerendered = container.hasAttribute('data-prerendered');
  if (prerendered) await resolveLazyRoutes(routes, window.location);
  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  // The shell is exactly the router's first render while a lazy page loads (HydrateFallback); a
  // page without lazy code (the not-found page) renders over it.
  const showsShell = !router.state.initialized;
  if (container.hasChildNodes() && (prerendered || showsShell)) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start(document.getElementById('root')!);
