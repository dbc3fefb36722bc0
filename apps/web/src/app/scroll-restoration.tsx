import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'scroll-positions';

/** Where the visitor was on each history entry of this tab, by the entry's key. */
let positions: Record<string, number> | undefined;
/** The entry on screen: scrolling is recorded for it. */
let currentKey = '';

function savedPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

const record = () => {
  if (positions) positions[currentKey] = window.scrollY;
};

/** The document was reloaded or reached with back or forward, so its entry may have a saved position. */
const documentReturnedTo = () => {
  const entry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.type === 'reload' || entry?.type === 'back_forward';
};

/**
 * Scrolling between the app's pages as browsers do between documents: a new page starts at the
 * top, or at the element its #hash names; back, forward and a reload return to where the visitor
 * was. The browser's own restoration is off while the app runs, as it would scroll before the page
 * it returns to has rendered. Renders nothing.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  /** The entry this component last positioned the page for. */
  const shownKey = useRef<string | undefined>(undefined);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    window.addEventListener('scroll', record, { passive: true });
    const save = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Storage full or disabled: positions are kept for this document only.
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  // A layout effect: the page is positioned before it paints, and scrolling recorded from here on
  // (scroll events come a frame later) belongs to the new entry.
  useLayoutEffect(() => {
    if (shownKey.current === location.key) return;
    const firstPage = shownKey.current === undefined;
    shownKey.current = location.key;
    positions ??= savedPositions();
    currentKey = location.key;
    const saved = positions[location.key];
    if (saved !== undefined && (firstPage ? documentReturnedTo() : navigationType === 'POP')) {
      window.scrollTo(0, saved);
      return;
    }
    const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
    // The first page stays where the browser put it.
    else if (!firstPage) window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);
  return null;
}
