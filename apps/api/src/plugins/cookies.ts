import { type Cookies, type SerializeOptions, parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's cookies, parsed on first read. */
    readonly cookies: Cookies;
  }
  interface FastifyReply {
    setCookie(name: string, value: string, options?: SerializeOptions): FastifyReply;
    clearCookie(name: string, options?: SerializeOptions): FastifyReply;
  }
}

const kCookies = Symbol('cookies');
type WithCookies = FastifyRequest & { [kCookies]: Cookies | null };

/**
 * Cookies without per-request hooks: the header is parsed only by requests that read a cookie, and
 * a cookie set on the reply goes straight into its Set-Cookie header (Fastify keeps every value).
 * A hook to parse on every request and another to write on every reply cost each request a share
 * of its time, signed in or not.
 */
export const cookiesPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest(kCookies, null);
    app.decorateRequest('cookies', {
      getter(this: FastifyRequest) {
        const request = this as WithCookies;
        return (request[kCookies] ??= parseCookie(request.headers.cookie ?? ''));
      },
    });
    app.decorateReply(
      'setCookie',
      function (this: FastifyReply, name: string, value: string, options?: SerializeOptions) {
        return this.header('set-cookie', stringifySetCookie({ sameSite: 'lax', ...options, name, value }));
      },
    );
    app.decorateReply('clearCookie', function (this: FastifyReply, name: string, options?: SerializeOptions) {
      return this.setCookie(name, '', { path: '/', ...options, expires: new Date(0), maxAge: 0 });
    });
  },
  { name: 'cookies' },
);
