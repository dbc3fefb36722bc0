import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { publicOrigin } from '../lib/public-origin.ts';

/** The names one machine's loopback goes by. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Without PUBLIC_URL the app has one address, `publicOrigin` (the banner prints it), yet the same
 * port answers on every loopback name: the log names 127.0.0.1, a person types localhost. A page
 * opened under another loopback name than ours is sent, with its path, to ours, so the session
 * cookie, the payment pages and the page's security policy all share one origin. Only a browser's
 * page loads are sent on (GET or HEAD asking for HTML), so API calls, health checks and our own
 * calls to the embedded emulators are answered where they are; only our own port's loopback names
 * are recognised, and any other Host header is never used.
 */
export const oneAddressPlugin = fp(async (app: FastifyInstance) => {
  if (app.ctx.settings.publicUrl) return;
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (!request.headers.accept?.includes('text/html')) return;
    const address = app.server.address();
    if (!address || typeof address !== 'object') return;
    let asked: URL;
    try {
      asked = new URL(`http://${request.headers.host ?? ''}`);
    } catch {
      return;
    }
    if (!LOOPBACK.has(asked.hostname) || Number(asked.port || 80) !== address.port) return;
    const own = publicOrigin(app);
    if (asked.origin === new URL(own).origin) return;
    return reply.redirect(`${own}${request.url}`, 308);
  });
});
