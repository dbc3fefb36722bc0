/**
 * Server rendering of the public, static pages at build time (scripts/prerender.mjs). Pages under
 * the store boundary need a user or the store and are left to the client, which first shows the
 * app shell rendered here.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  StaticRouter,
  StaticRouterProvider,
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
} from 'react-router';
import { STORE_ROUTE_ID, routes } from './app/router.tsx';
import { AppShell } from './components/layout/app-layout.tsx';
import { paths } from './config/paths.ts';

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
  const matches = matchRoutes(routes, url) ?? [];
  // Only which modules are imported matters here; one that cannot run outside a browser is fine.
  await Promise.allSettled(
    matches.map(async ({ route }) => (typeof route.lazy === 'function' ? route.lazy() : undefined)),
  );
}

/** Renders one page as the client's first render will show it (lazy pages resolved). */
export async function renderPage(url: string): Promise<RenderedPage> {
  // A fresh handler per page: its route copies resolve their lazy modules for this page only.
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${url} answered with a redirect`);
  if (context.statusCode !== 200) throw new Error(`${url} rendered with status ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  let head: DocumentHead = {};
  const collectHead = (pageHead: DocumentHead) => {
    head = { title: pageHead.title, description: pageHead.description ?? head.description };
  };
  const html = renderToString(
    <StrictMode>
      <DocumentHeadContext value={collectHead}>
        {/* hydrate={false}: no inline data script (the CSP forbids it; the pages have no loaders). */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </DocumentHeadContext>
    </StrictMode>,
  );
  return { html, head };
}

/** The page chrome with a loading state, sent as the HTML of every other page. */
export function renderShell(): string {
  return renderToString(
    <StrictMode>
      <StaticRouter location="/">
        <AppShell />
      </StaticRouter>
    </StrictMode>,
  );
}
