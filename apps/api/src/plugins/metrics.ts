import { type Metrics, createMetrics } from '@app/jobs';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/**
 * The process's Prometheus metrics: HTTP latency of every route (observed as each request ends,
 * plugins/access-log.ts), the queue depth, and, when the worker runs in this process, its job
 * metrics.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: { metrics?: Metrics }) => {
  const metrics = options.metrics ?? createMetrics();
  metrics.watchQueue(() => app.generation.queue());
  metrics.watchDatabase(app.ctx.database);
  app.decorate('metrics', metrics);
});
