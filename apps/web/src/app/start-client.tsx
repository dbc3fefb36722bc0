import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { RouterProvider, createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';

/** Loads the lazy modules of the routes that match the address, as the server did when prerendering. */
export async function resolveLazyRoutes(routes: RouteObject[], location: Location): Promise<void> {
  const lazyMatches = (matchRoutes(routes, location) ?? []).filter(
    (match) => typeof match.route.lazy === 'function',
  );
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, { ...(await load()), lazy: undefined });
    }),
  );
}

/**
 * Starts the app in the container the server filled: a prerendered page (marked data-prerendered)
 * is hydrated once its lazy modules are loaded; the app shell is hydrated as the router's first
 * render while the page's lazy code loads (the root route's HydrateFallback); a page without lazy
 * code (the not-found page) renders over the shell.
 */
export async function startClient(
  container: HTMLElement,
  routes: RouteObject[],
  options: Pick<RootOptions, 'onRecoverableError'> = {},
) {
  const prerendered = container.hasAttribute('data-prerendered');
  if (prerendered) await resolveLazyRoutes(routes, window.location);
  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  const showsShell = !router.state.initialized;
  if (container.hasChildNodes() && (prerendered || showsShell)) {
    return { router, root: hydrateRoot(container, app, options) };
  }
  const root = createRoot(container, options);
  root.render(app);
  return { router, root };
}
