import { isValidElement, use, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

/** A page (or layout) component whose code is loaded on first use. */
export interface LazyPage {
  (): ReactElement | null;
  /** Loads the page's code; the promise settles when the page can render at once. */
  load: () => Promise<void>;
}

/**
 * A page whose code is its own chunk: `lazyPage(() => import('./studio.tsx'), 'StudioPage')`. It
 * suspends until its module has loaded and renders at once afterwards, so a page loaded before the
 * first render (prerendering, hydration) renders as if it had never been lazy. A module that fails
 * to load makes the page throw, which the router's error boundary shows.
 */
export function lazyPage<Module extends Record<Name, ComponentType>, Name extends string>(
  importPage: () => Promise<Module>,
  name: Name,
): LazyPage {
  let Component: ComponentType | undefined;
  /** The last load started: what a page still waiting for its code waits for. */
  let loading: Promise<void> | undefined;
  // Every call imports (the browser loads a module once): the prerenderer records which modules a
  // page imports, and a chunk that failed to load is tried again when its page is visited again.
  const load = () =>
    (loading = importPage().then((module) => {
      Component = module[name];
    }));
  function Page() {
    if (!Component) use(loading ?? load());
    return Component ? <Component /> : null;
  }
  Page.load = load;
  return Page;
}

const isLazyPage = (type: unknown): type is LazyPage =>
  typeof type === 'function' && typeof (type as Partial<LazyPage>).load === 'function';

/**
 * Loads, side by side, the code of every lazy page and layout of the routes that match the
 * address. It never rejects: a page that cannot load shows its error when it renders.
 */
export async function loadRoutePages(routes: RouteObject[], location: string | Partial<Location>) {
  const pages = (matchRoutes(routes, location) ?? [])
    .map(({ route }) => (isValidElement(route.element) ? route.element.type : undefined))
    .filter(isLazyPage);
  await Promise.allSettled(pages.map((page) => page.load()));
}
