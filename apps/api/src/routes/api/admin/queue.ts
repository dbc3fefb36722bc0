import {
  type QueueJob,
  countJobsByFamilyAndStatus,
  listFleetHosts,
  oldestActiveJobs,
  recentFailedJobs,
} from '@app/db';
import { ErrorBody, QueueViewBody } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const LIST_LENGTH = 20;

const toWire = (job: QueueJob) => ({
  id: job.id,
  command: job.command,
  family: job.family,
  status: job.status,
  discordName: job.discordName,
  createdAt: job.createdAt.toISOString(),
  startedAt: job.startedAt?.toISOString() ?? null,
  finishedAt: job.finishedAt?.toISOString() ?? null,
  error: job.errorCode ? { code: job.errorCode, message: job.errorMessage ?? '' } : null,
});

/**
 * `GET /api/admin/queue`: jobs per family and state, the longest-waiting active jobs and the latest
 * failures. A stuck job is cancelled, with its refund, through `POST /api/jobs/:id/cancel`.
 */
export const adminQueueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  app.get(
    '/queue',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'jobs'],
        summary:
          'The job queue: counts per family and state, each generation host, oldest active jobs, recent failures',
        response: { 200: QueueViewBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async () => {
      const [counts, active, failures, hosts] = await Promise.all([
        countJobsByFamilyAndStatus(db),
        oldestActiveJobs(db, LIST_LENGTH),
        recentFailedJobs(db, LIST_LENGTH),
        listFleetHosts(db),
      ]);
      return {
        counts,
        hosts: hosts.map((row) => ({
          provider: row.provider,
          families: row.families,
          host: row.host,
          status: row.status,
          slots: row.slots,
          busy: row.busy,
          jobsDone: row.jobsDone,
          lastError:
            row.lastError && row.lastErrorAt
              ? { message: row.lastError, at: row.lastErrorAt.toISOString() }
              : null,
        })),
        active: active.map(toWire),
        failures: failures.map(toWire),
      };
    },
  );
};
