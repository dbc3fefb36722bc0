import { HealthBody } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Whether the API and its database answer',
        response: { 200: HealthBody, 503: HealthBody },
      },
    },
    async (_request, reply) => {
      const up = await app.ctx.database.ping();
      return reply
        .status(up ? 200 : 503)
        .send({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' });
    },
  );
};
