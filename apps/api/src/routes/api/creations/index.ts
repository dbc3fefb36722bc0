import { findUserById } from '@app/db';
import { CreationBody, ErrorBody, JobIdParams } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadVisibleJob } from '../../../modules/jobs/job-access.ts';
import { toJobWire } from '../../../modules/jobs/job-wire.ts';

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
      return {
        job: await toJobWire(
          db,
          app.generation.storage,
          job,
          viewer?.id ?? null,
          app.ctx.settings.generation,
        ),
        creator: { discordName: creator?.discordName ?? 'someone' },
      };
    },
  );
};
