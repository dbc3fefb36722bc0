import { StrictMode, startTransition, useEffect, useState, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root, type RootOptions } from 'react-dom/client';
import { loadRoutePages } from '@/lib/lazy-page.tsx';
import { App } from './app.tsx';
import { AppRouter } from './app-router.tsx';
import { routes } from './router.tsx';

/** The app shell, hydrating the server's, until the page's code has loaded; the app from then on. */
function ShellUntil({ pageLoaded }: { pageLoaded: Promise<void> }) {
  const [shell, setShell] = useState(true);
  useEffect(() => {
    let mounted = true;
    void pageLoaded.then(() => {
      // A transition: React renders the page in slices, leaving the main thread free in between.
      if (mounted) startTransition(() => setShell(false));
    });
    return () => {
      mounted = false;
    };
  }, [pageLoaded]);
  return <App shell={shell} />;
}

/**
 * Starts the app in the container the server filled: a prerendered page (marked data-prerendered)
 * is hydrated once its lazy code is loaded; the app shell is hydrated at once and gives way to the
 * page when the page's code has loaded; an empty container is rendered into.
 */
export async function startClient(
  container: HTMLElement,
  options: Pick<RootOptions, 'onRecoverableError'> = {},
): Promise<Root> {
  const pageLoaded = loadRoutePages(routes, window.location);
  const inRouter = (app: ReactNode) => (
    <StrictMode>
      <AppRouter>{app}</AppRouter>
    </StrictMode>
  );
  if (container.hasAttribute('data-prerendered')) {
    await pageLoaded;
    return hydrateRoot(container, inRouter(<App />), options);
  }
  if (container.hasChildNodes()) {
    return hydrateRoot(container, inRouter(<ShellUntil pageLoaded={pageLoaded} />), options);
  }
  const root = createRoot(container, options);
  root.render(inRouter(<App />));
  return root;
}
