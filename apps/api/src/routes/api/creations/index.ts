import { findUserById } from '@app/db';
import { CreationBody, ErrorBody, JobIdParams, ReportBody, ReportedBody } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { blursFor, loadVisibleJob } from '../../../modules/jobs/job-access.ts';
import { toJobWire } from '../../../modules/jobs/job-wire.ts';
import { reportCreation } from '../../../modules/moderation/report-creation.ts';

/** `GET /api/creations/:id`: a creation as its page shows it, with its creator's name. */
export const creationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  app.get(
    '/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['jobs'],
        summary: 'A creation and the Discord name of who made it (private ones: creator and admins only)',
        params: JobIdParams,
        response: { 200: CreationBody, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const viewer = await request.currentUser();
      const job = await loadVisibleJob(db, request.params.id, viewer);
      const creator = await findUserById(db, job.userId);
      const wire = await toJobWire(
        db,
        app.generation.storage,
        job,
        viewer?.id ?? null,
        app.ctx.settings.generation,
      );
      return {
        job: blursFor(job, viewer) ? { ...wire, blur: true } : wire,
        creator: { discordName: creator?.discordName ?? 'someone' },
      };
    },
  );

  app.post(
    '/:id/report',
    {
      config: { access: 'user' },
      schema: {
        tags: ['jobs', 'moderation'],
        summary: 'Report a creation to the moderators (the creator never learns who reported)',
        params: JobIdParams,
        body: ReportBody,
        response: { 200: ReportedBody, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const reporter = request.user;
      await reportCreation({ db, reporter, jobId: request.params.id, ...request.body, source: 'web' });
      return { reported: true as const };
    },
  );
};
