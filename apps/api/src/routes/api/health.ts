import { listFleetHosts } from '@app/db';
import { type BackendHealth, HealthBody } from '@app/domain';
import { createBackendHealth } from '@app/generation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../plugins/errors.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const backendHealth = createBackendHealth(app.ctx.settings.generation.backends);
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary:
          'Whether the API, its database and each generation backend host answer (hosts are asked at most every 10 s), with what the workers saw of each host',
        response: { 200: HealthBody, 503: HealthBody },
      },
    },
    async (_request, reply) => {
      const [up, probed, shared] = await Promise.all([
        app.ctx.database.ping(),
        backendHealth(),
        listFleetHosts(app.ctx.database.db).catch(() => []),
      ]);
      const byHost = new Map(shared.map((row) => [row.host, row]));
      const backends: BackendHealth[] = probed.map((entry) => {
        const row = byHost.get(entry.host);
        return {
          ...entry,
          // Out of rotation when the workers took it out, even if it answers this probe.
          status: row?.status === 'down' ? 'down' : entry.status,
          slots: row?.slots ?? 1,
          busy: row?.busy ?? 0,
          jobsDone: row?.jobsDone ?? 0,
          // The kind of failure only: its text may name internal addresses.
          lastError:
            row?.lastError && row.lastErrorAt
              ? { code: row.lastError.split(':')[0]!, at: row.lastErrorAt.toISOString() }
              : null,
        };
      });
      // A backend host that is down degrades the report but not the API's own status: jobs wait in
      // the queue or go to another host, so a load balancer should keep sending traffic here.
      const degraded = !up || backends.some((backend) => backend.status === 'down');
      // Without its database this process can do nothing useful: a load balancer routes away.
      if (!up) reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply
        .status(up ? 200 : 503)
        .send({ status: degraded ? 'degraded' : 'ok', database: up ? 'up' : 'down', backends });
    },
  );
};
