import { type QueueJob, countJobsByFamilyAndStatus, oldestActiveJobs, recentFailedJobs } from '@app/db';
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
        summary: 'The job queue: counts per family and state, oldest active jobs, recent failures',
        response: { 200: QueueViewBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      await request.requireUser();
      const [counts, active, failures] = await Promise.all([
        countJobsByFamilyAndStatus(db),
        oldestActiveJobs(db, LIST_LENGTH),
        recentFailedJobs(db, LIST_LENGTH),
      ]);
      return { counts, active: active.map(toWire), failures: failures.map(toWire) };
    },
  );
};
