import { type MediaRow, deleteLora, getLora, listLoras, mediaForJobs } from '@app/db';
import { ErrorBody, LoraDeleteBody, LoraIdParams, LoraListBody } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mayActOn } from '../../../lib/authorization.ts';
import { notFound } from '../../../lib/errors.ts';
import { toOutputWire } from '../../../modules/jobs/job-wire.ts';

/** The caller's trained LoRA models. */
export const loraRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const { storage } = app.generation;
  app.get(
    '/',
    {
      config: { access: 'user' },
      schema: {
        tags: ['jobs'],
        summary: 'Your LoRA models, with the sample images of trained ones',
        response: { 200: LoraListBody, 401: ErrorBody },
      },
    },
    async (request) => {
      const user = request.user;
      const rows = await listLoras(db, user.id);
      // The sample images are the images the training job made; only a finished model has them.
      const trainedBy = rows.flatMap((row) => (row.status === 'ready' && row.jobId ? [row.jobId] : []));
      const samples = new Map<string, MediaRow[]>();
      for (const media of await mediaForJobs(db, trainedBy)) {
        if (media.kind === 'image') samples.set(media.jobId, [...(samples.get(media.jobId) ?? []), media]);
      }
      return {
        loras: rows.map((row) => ({
          id: row.id,
          name: row.name,
          status: row.status,
          samples:
            row.status === 'ready' && row.jobId
              ? (samples.get(row.jobId) ?? []).map((media) => toOutputWire(storage, media))
              : [],
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );
  app.delete(
    '/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['jobs'],
        summary: 'Remove one of your LoRA models',
        params: LoraIdParams,
        response: { 200: LoraDeleteBody, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const user = request.user;
      const lora = await getLora(db, request.params.id);
      if (!lora || !mayActOn(user, { userId: lora.userId })) throw notFound('LoRA');
      await deleteLora(db, lora.id);
      return { deleted: true as const };
    },
  );
};
