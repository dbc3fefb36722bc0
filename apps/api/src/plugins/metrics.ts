import { type Metrics, createMetrics } from '@app/jobs';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/**
 * The process's Prometheus metrics: HTTP latency of every route (by its pattern, so ids never
 * become series), the queue depth, and, when the worker runs in this process, its job metrics.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: { metrics?: Metrics }) => {
  const metrics = options.metrics ?? createMetrics();
  metrics.watchQueue(() => app.generation.queue());
  metrics.watchDatabase(app.ctx.database);
  app.decorate('metrics', metrics);
  // A callback hook, not an async one: it runs on every response and has nothing to wait for.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.httpRequest({
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
    done();
  });
});
