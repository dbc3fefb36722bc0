import { HealthBody } from '@app/domain';
import { createBackendHealth } from '@app/generation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const backendHealth = createBackendHealth(app.ctx.settings.generation.backends);
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary:
          'Whether the API, its database and each generation backend host answer (hosts are asked at most every 10 s)',
        response: { 200: HealthBody, 503: HealthBody },
      },
    },
    async (_request, reply) => {
      const [up, backends] = await Promise.all([app.ctx.database.ping(), backendHealth()]);
      // A backend host that is down degrades the report but not the API's own status: jobs wait in
      // the queue or go to another host, so a load balancer should keep sending traffic here.
      const degraded = !up || backends.some((backend) => backend.status === 'down');
      return reply
        .status(up ? 200 : 503)
        .send({ status: degraded ? 'degraded' : 'ok', database: up ? 'up' : 'down', backends });
    },
  );
};
