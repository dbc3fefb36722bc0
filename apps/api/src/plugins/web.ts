import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rejectUncleanInput } from './input.ts';

export interface WebOptions {
  /** The built SPA (apps/web/dist); pages answer 503 until it is built. */
  distDir: string;
}

/** One HTML document with the precompressed copies the build wrote beside it. */
interface HtmlDocument {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

function readHtml(file: string): HtmlDocument {
  const optional = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : undefined);
  return { identity: readFileSync(file), br: optional('.br'), gzip: optional('.gz') };
}

/**
 * The prerendered pages (dist/prerendered/<page>.html, '/' as index.html, '/admin/audit' as
 * admin/audit.html), by lower-case path: the router matches page paths without regard to case.
 */
function readPrerendered(distDir: string): Map<string, HtmlDocument> {
  const pages = new Map<string, HtmlDocument>();
  const dir = path.join(distDir, 'prerendered');
  if (!existsSync(dir)) return pages;
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.html')) continue;
    const name = file.split(path.sep).join('/');
    const page = name === 'index.html' ? '/' : `/${name.slice(0, -'.html'.length)}`;
    pages.set(page.toLowerCase(), readHtml(path.join(dir, file)));
  }
  return pages;
}

/**
 * The prerendered page for an address: only when the query string carries nothing but the version
 * (`?v=3.1`), since other parameters can change what the page shows.
 */
function prerenderedPage(
  pages: Map<string, HtmlDocument>,
  pathname: string,
  query: string,
): HtmlDocument | undefined {
  const params = new URLSearchParams(query);
  for (const key of params.keys()) if (key !== 'v') return undefined;
  const page = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  return pages.get(page.toLowerCase());
}

/**
 * Serves the SPA's hashed assets, its prerendered pages, and the app shell (index.html) for every
 * other page route. The HTML is read once, at start-up.
 */
export const webPlugin = fp(async (app: FastifyInstance, { distDir }: WebOptions) => {
  const indexPath = path.join(distDir, 'index.html');
  const indexHtml = existsSync(indexPath) ? readHtml(indexPath) : undefined;
  const prerendered = readPrerendered(distDir);

  if (existsSync(distDir)) {
    // The built files are public; marked in their own scope, since @fastify/static takes no route config.
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: 'public' };
      });
      await scope.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each asset (scripts/compress-dist.mjs).
        preCompressed: true,
        setHeaders(reply: unknown, filePath: string) {
          // Vite puts a content hash in every asset name, so they never change.
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          const value = hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
          const target = reply as {
            header?: (k: string, v: string) => void;
            setHeader?: (k: string, v: string) => void;
          };
          if (target.header) target.header('cache-control', value);
          else target.setHeader?.('cache-control', value);
        },
      });
    });
  }

  app.setNotFoundHandler({ preValidation: rejectUncleanInput }, (request, reply) => {
    const [pathname = '/', query = ''] = request.url.split('?', 2);
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api';
    // A page address may end in what looks like a file extension ('/changelog/Version 3.1'), so a
    // browser navigation (which accepts HTML) always gets the app; a missing asset gets a 404.
    const wantsHtml = request.headers.accept?.includes('text/html') ?? false;
    const looksLikeAsset =
      pathname.startsWith('/assets/') ||
      /\.(js|css|map|svg|png|jpe?g|webp|ico|json|txt|woff2?)$/i.test(pathname);
    if (isPage && (wantsHtml || !looksLikeAsset)) {
      if (!indexHtml) {
        return reply
          .status(503)
          .type('text/plain')
          .send('The web app has not been built yet: run npm run build.');
      }
      let pagePath = pathname;
      try {
        pagePath = decodeURIComponent(pathname);
      } catch {
        // A malformed escape is no prerendered page.
      }
      const html = prerenderedPage(prerendered, pagePath, query) ?? indexHtml;
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const [encoding, body] =
        html.br && /\bbr\b/.test(accepted)
          ? ['br', html.br]
          : html.gzip && /\bgzip\b/.test(accepted)
            ? ['gzip', html.gzip]
            : [undefined, html.identity];
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(body);
    }
    return reply
      .status(404)
      .send({ error: { code: 'NOT_FOUND', message: `No such path: ${request.method} ${pathname}` } });
  });
});
