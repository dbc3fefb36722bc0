import type { IncomingMessage } from 'node:http';

/**
 * Fastify's `rewriteUrl`: a browser navigation to a page address with a broken %-escape
 * ('/changelog/%E0%A4%A') would get the router's JSON error; with every '%' of its path escaped it
 * reaches the page routes instead, and the app (which uses such a changelog title raw) loads. API
 * calls and other requests keep the router's answer. Most URLs hold no '%' and return at once.
 */
export function undecodablePageUrl(request: IncomingMessage): string {
  const url = request.url ?? '/';
  if (!url.includes('%') || (request.method !== 'GET' && request.method !== 'HEAD')) return url;
  const queryAt = url.indexOf('?');
  const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
  if (pathname.startsWith('/api/') || !request.headers.accept?.includes('text/html')) return url;
  try {
    decodeURIComponent(pathname);
    return url;
  } catch {
    return pathname.replaceAll('%', '%25') + (queryAt < 0 ? '' : url.slice(queryAt));
  }
}
