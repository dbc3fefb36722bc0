import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface WebOptions {
  /** The built SPA (apps/web/dist); pages answer 503 until it is built. */
  distDir: string;
}

/** Serves the SPA's hashed assets and its index.html for every page route. */
export const webPlugin = fp(async (app: FastifyInstance, { distDir }: WebOptions) => {
  const indexPath = path.join(distDir, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;

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

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
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
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply
      .status(404)
      .send({ error: { code: 'NOT_FOUND', message: `No such path: ${request.method} ${pathname}` } });
  });
});
