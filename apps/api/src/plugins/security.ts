import helmet, { type HelmetOptions } from 'helmet';
import type { ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/errors.ts';
import { postgresRateLimitStore } from './rate-limit-store.ts';

export interface SecurityOptions {
  /** Extra origins the page may connect to, frame and load scripts from (Stripe, the emulator). */
  paymentOrigins: string[];
  publicUrl: string | undefined;
  /** Paths whose non-GET calls come from other sites by design (signed webhooks). */
  crossSiteAllowed: string[];
}

/**
 * The headers helmet sends for these options, worked out once: the options never vary by request,
 * and building helmet's middleware on every request (as the Fastify wrapper does) cost a large
 * share of each request's time.
 */
function securityHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number) => void headers.set(name, String(value)),
    removeHeader: (name: string) => void headers.delete(name),
  } as unknown as ServerResponse;
  helmet(options)({} as never, response, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...options.paymentOrigins],
        // Quill and React set style attributes; scripts stay strictly external.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        connectSrc: ["'self'", ...options.paymentOrigins],
        frameSrc: [
          "'self'",
          'https://www.youtube.com',
          'https://player.vimeo.com',
          ...options.paymentOrigins,
        ],
        formAction: ["'self'", ...options.paymentOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // The browser default: other sites see only our origin, and our own form posts carry a real
    // Origin header (under no-referrer they would send `Origin: null`, which the check below refuses).
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Popups for card authentication must be able to message back.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  // Set on the raw response, as helmet does, so a route may still replace one (uploads send their
  // own sandboxing CSP).
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });

  // Counters live in PostgreSQL so every process counts against the same limits.
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(app.ctx.database.db) });

  // Refuse state-changing calls that another site triggers in the user's browser.
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const url = request.url.split('?')[0] ?? '';
    if (options.crossSiteAllowed.includes(url)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site')
      throw forbidden('Cross-site requests are not allowed');
    const origin = request.headers.origin;
    if (origin && origin !== 'null') {
      const allowed = new Set<string>();
      if (options.publicUrl) allowed.add(new URL(options.publicUrl).origin);
      const host = request.headers.host;
      if (host) allowed.add(`${request.protocol}://${host}`);
      if (!allowed.has(origin)) throw forbidden('Cross-site requests are not allowed');
    } else if (origin === 'null') {
      // An opaque origin: a sandboxed frame, a file, or a redirect chain through another site.
      throw forbidden('Cross-site requests are not allowed');
    }
  });
});
