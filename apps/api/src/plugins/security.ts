import helmet, { type HelmetOptions } from 'helmet';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/errors.ts';

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
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number) => void headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  } as unknown as ServerResponse;
  helmet(options)({} as never, response, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('The security headers could not be set.');
  });
  return Object.fromEntries(headers);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What an API answer (JSON, or a redirect) needs: nothing in it may run, be framed or be sniffed
 * into another type. Half the size of a page's set, which a short JSON answer would otherwise carry.
 */
const API_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An HTML page under /api/ (the local sign-in page): it gets the pages' headers. */
    page?: boolean;
  }
}

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
  const allowedOrigins = new Set<string>();
  if (options.publicUrl) allowedOrigins.add(new URL(options.publicUrl).origin);
  const crossSiteAllowed = new Set(options.crossSiteAllowed);

  // One synchronous hook for every request: each hook Fastify runs (an async one above all) costs
  // a measurable share of a short request. The headers, worked out once, go on the reply
  // (`reply.headers()`), so a route may still replace one (uploads send their own sandboxing CSP)
  // and the whole set reaches Node in the one object Fastify writes the head with. The API's answers
  // get the API's set; pages, the emulators and unknown paths get the pages' set.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(
      request.url.startsWith('/api/') && request.routeOptions.config.page !== true ? API_HEADERS : headers,
    );
    done(
      SAFE_METHODS.has(request.method)
        ? undefined
        : crossSiteRefusal(request, allowedOrigins, crossSiteAllowed),
    );
  });
});

/** Why a state-changing call that another site triggered in the user's browser is refused, if it is. */
function crossSiteRefusal(
  request: FastifyRequest,
  allowedOrigins: Set<string>,
  crossSiteAllowed: Set<string>,
): Error | undefined {
  const queryAt = request.url.indexOf('?');
  if (crossSiteAllowed.has(queryAt < 0 ? request.url : request.url.slice(0, queryAt))) return undefined;
  if (request.headers['sec-fetch-site'] === 'cross-site')
    return forbidden('Cross-site requests are not allowed');
  const origin = request.headers.origin;
  // 'null' is an opaque origin: a sandboxed frame, a file, or a redirect chain through another site.
  if (origin === 'null') return forbidden('Cross-site requests are not allowed');
  if (!origin || allowedOrigins.has(origin)) return undefined;
  const host = request.headers.host;
  if (host && origin === `${request.protocol}://${host}`) return undefined;
  return forbidden('Cross-site requests are not allowed');
}
