import type { FastifyPluginAsync } from 'fastify';

/** `GET /metrics` for Prometheus, behind METRICS_TOKEN (see the 'metrics-token' access marker). */
export const metricsRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/metrics',
    { config: { access: 'metrics-token' }, schema: { hide: true } },
    async (_request, reply) => {
      const text = await app.metrics.registry.metrics();
      return reply.type(app.metrics.registry.contentType).header('cache-control', 'no-store').send(text);
    },
  );
};
