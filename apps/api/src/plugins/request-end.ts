import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { accessLog } from './access-log.ts';

/**
 * What every finished request leaves behind: its latency in the metrics (by route pattern, so ids
 * never become series) and, with logging on, its access line. One callback hook for both: each
 * hook Fastify runs on every request costs a share of a short one.
 */
export const requestEndPlugin = fp(async (app: FastifyInstance, options: { accessLog: boolean }) => {
  const { metrics } = app;
  const lines = options.accessLog ? accessLog(app) : undefined;
  app.addHook('onResponse', (request, reply, done) => {
    // Read once: Fastify builds the whole set of route options for each read.
    const route = request.routeOptions.url;
    metrics.httpRequest({
      method: request.method,
      route: route ?? 'unmatched',
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
    lines?.answered(request, reply, route);
    done();
  });
});
