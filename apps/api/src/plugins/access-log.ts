import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { redactUrl } from '@app/domain';

/** What an access line says about a request: its method, its URL (secrets out) and its route. */
const requestFields = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.originalUrl),
  route: request.routeOptions.url,
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on the routes registered after the access log: the product's own, measured and logged. */
    measured?: boolean;
  }
}

/** A duration in milliseconds, to a tenth. */
const tenths = (ms: number) => Math.round(ms * 10) / 10;

/**
 * What every finished request leaves behind, from one `onResponse` hook: its latency in the
 * metrics (by route pattern, so ids never become series; `unmatched` when no route matched) and,
 * with logging on, one access line through the request's own logger (Fastify's child of the app's,
 * with the request's id): method, URL (tokens and secret parameters taken out), route, status and
 * duration. A request its client gave up on gets its line from `onRequestAbort`, marked `aborted`,
 * and no other. Fastify's own pair of lines per request is off (app.ts). Routes registered before
 * this plugin (the embedded payment emulator's) are left out: the routes after it are marked in
 * their config as they are registered.
 */
export const accessLogPlugin = fp(async (app: FastifyInstance, options: { accessLog: boolean }) => {
  const { metrics } = app;
  const { accessLog } = options;
  const aborted = new WeakSet<FastifyRequest>();
  /** Whether a request is the product's: it matched a route registered after this plugin, or none. */
  const ours = (request: FastifyRequest) => {
    const { url, config } = request.routeOptions;
    return url === undefined || config.measured === true;
  };
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, measured: true };
  });

  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (!ours(request)) return done();
    const route = request.routeOptions.url;
    const ms = reply.elapsedTime;
    metrics.httpRequest({
      method: request.method,
      route: route ?? 'unmatched',
      status: reply.statusCode,
      seconds: ms / 1000,
    });
    if (accessLog && !aborted.has(request))
      reply.log.info(
        {
          method: request.method,
          url: redactUrl(request.originalUrl),
          route,
          statusCode: reply.statusCode,
          durationMs: tenths(ms),
        },
        'request',
      );
    done();
  });

  if (accessLog)
    app.addHook('onRequestAbort', (request: FastifyRequest, done: () => void) => {
      if (!ours(request)) return done();
      aborted.add(request);
      request.log.info({ ...requestFields(request), aborted: true }, 'request');
      done();
    });
});
