import { HealthBody } from '@app/domain';
import { checkBackendHosts } from '@app/generation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Whether the API, its database and each generation backend host answer',
        response: { 200: HealthBody, 503: HealthBody },
      },
    },
    async (_request, reply) => {
      const [up, backends] = await Promise.all([
        app.ctx.database.ping(),
        checkBackendHosts(app.ctx.settings.generation.backends),
      ]);
      // A backend host that is down degrades the report but not the API's own status: jobs wait in
      // the queue or go to another host, so a load balancer should keep sending traffic here.
      const degraded = !up || backends.some((backend) => backend.status === 'down');
      return reply
        .status(up ? 200 : 503)
        .send({ status: degraded ? 'degraded' : 'ok', database: up ? 'up' : 'down', backends });
    },
  );
};
