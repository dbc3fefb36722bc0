/**
 * Server rendering of the public, static pages at build time (scripts/prerender.mjs). Pages under
 * the store boundary need a user or the store and are left to the client, which first shows the
 * app shell rendered here.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter, matchRoutes } from 'react-router';
import { App } from './app/app.tsx';
import { STORE_ROUTE_ID, routes } from './app/router.tsx';
import { paths } from './config/paths.ts';
import { loadRoutePages } from './lib/lazy-page.tsx';

export { serverPaths } from './config/paths.ts';
import { DocumentHeadContext, type DocumentHead } from './lib/use-document-title.ts';

export interface RenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  head: DocumentHead;
}

/** Every page address without parameters, and whether it sits under the store boundary. */
function pagesWithoutParameters(): { path: string; needsStore: boolean }[] {
  const candidates = Object.values(paths)
    .map((entry) => entry.path)
    .filter((path) => !path.includes(':'));
  return [...new Set(candidates)].flatMap((path) => {
    const matches = matchRoutes(routes, path);
    if (matches === null || matches.some((match) => match.route.path === '*')) return [];
    return [{ path, needsStore: matches.some((match) => match.route.id === STORE_ROUTE_ID) }];
  });
}

/** Every page address without parameters that needs neither the store nor a user. */
export function prerenderPaths(): string[] {
  return pagesWithoutParameters()
    .filter((page) => !page.needsStore)
    .map((page) => page.path);
}

/**
 * Every page address without parameters under the store boundary: sent as the app shell, with the
 * page's own code linked so that it loads alongside the entry rather than after it.
 */
export function shellPaths(): string[] {
  return pagesWithoutParameters()
    .filter((page) => page.needsStore)
    .map((page) => page.path);
}

/** Loads the lazy modules of the routes that match the address, as the browser will for that page. */
export async function loadPageModules(url: string): Promise<void> {
  // Only which modules are imported matters here; one that cannot run outside a browser is fine.
  await loadRoutePages(routes, url);
}

/** Renders one page as the client's first render will show it (lazy pages loaded). */
export async function renderPage(url: string): Promise<RenderedPage> {
  await loadRoutePages(routes, url);
  let head: DocumentHead = {};
  const collectHead = (pageHead: DocumentHead) => {
    head = { title: pageHead.title, description: pageHead.description ?? head.description };
  };
  const html = renderToString(
    <StrictMode>
      <DocumentHeadContext value={collectHead}>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </DocumentHeadContext>
    </StrictMode>,
  );
  // A page that suspended (code that did not load) or threw is sent as its loading state, marked
  // for the client to render: not a page to prerender.
  if (html.includes('<!--$!-->')) throw new Error(`${url} did not render on the server`);
  return { html, head };
}

/** The page chrome with a loading state, sent as the HTML of every other page. */
export function renderShell(): string {
  return renderToString(
    <StrictMode>
      <StaticRouter location="/">
        <App shell />
      </StaticRouter>
    </StrictMode>,
  );
}
