import { startTransition, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { NavigationType, Router, createPath, type Location, type Navigator, type To } from 'react-router';
import { loadRoutePages } from '@/lib/lazy-page.tsx';
import { routes } from './router.tsx';

/** What the app keeps in each history entry: the navigation's state and the entry's key. */
interface EntryState {
  usr: unknown;
  key: string;
}

interface RouterState {
  action: NavigationType;
  location: Location;
  /** The history entry to write when this state is on screen (a PUSH or REPLACE). */
  entry?: { href: string; state: EntryState };
}

const hrefOf = (to: To) => (typeof to === 'string' ? to : createPath(to));

function urlOf(to: To) {
  const href = hrefOf(to).replace(/ $/, '%20');
  // A path starting with two slashes is a path on this origin, not another host.
  return new URL(href.startsWith('//') ? window.location.origin + href : href, window.location.origin);
}

function currentLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry = window.history.state as Partial<EntryState> | null;
  return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
}

/**
 * React Router's browser router, except that a link or navigate() to a page whose code has not
 * loaded yet waits for that code (the current page stays, as the browser keeps a page until the
 * next arrives) and the address changes with the page, in the same commit. Back and forward show
 * the current page until the one returned to is ready.
 */
export function AppRouter({ children }: { children: ReactNode }) {
  const [state, setState] = useState<RouterState>(() => ({
    action: NavigationType.Pop,
    location: currentLocation(),
  }));

  const navigator = useMemo(() => {
    let latest = 0;
    const navigate = (action: NavigationType, to: To, usr: unknown) => {
      const navigation = ++latest;
      const { pathname, search, hash } = urlOf(to);
      const href = pathname + search + hash;
      void loadRoutePages(routes, href).then(() => {
        // A later navigation, or back and forward, went elsewhere meanwhile.
        if (navigation !== latest) return;
        const key = Math.random().toString(36).slice(2, 10);
        startTransition(() =>
          setState({
            action,
            location: { pathname, search, hash, state: usr ?? null, key },
            entry: { href, state: { usr, key } },
          }),
        );
      });
    };
    const router: Navigator & { cancel: () => void } = {
      createHref: hrefOf,
      createURL: urlOf,
      encodeLocation: (to) => {
        const { pathname, search, hash } = urlOf(to);
        return { pathname, search, hash };
      },
      push: (to, usr) => navigate(NavigationType.Push, to, usr),
      replace: (to, usr) => navigate(NavigationType.Replace, to, usr),
      go: (delta) => window.history.go(delta),
      cancel: () => void latest++,
    };
    return router;
  }, []);

  useLayoutEffect(() => {
    const onPop = () => {
      navigator.cancel();
      startTransition(() => setState({ action: NavigationType.Pop, location: currentLocation() }));
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [navigator]);

  // The address changes as the page it names is committed, before the browser paints it.
  useLayoutEffect(() => {
    const { entry, action } = state;
    if (!entry) return;
    if (action === NavigationType.Replace) window.history.replaceState(entry.state, '', entry.href);
    else {
      try {
        window.history.pushState(entry.state, '', entry.href);
      } catch {
        // Too many entries too fast (some browsers limit them): the page loads as a document.
        window.location.assign(entry.href);
      }
    }
  }, [state]);

  return (
    <Router location={state.location} navigationType={state.action} navigator={navigator}>
      {children}
    </Router>
  );
}
