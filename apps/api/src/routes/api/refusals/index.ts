import { AppealBody, AppealedBody, ErrorBody, ModerationActionIdParams } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appealRefusal } from '../../../modules/moderation/appeal-refusal.ts';

/** `POST /api/refusals/:id/appeal`: "this was a mistake" about one of the caller's refused prompts. */
export const refusalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  app.post(
    '/:id/appeal',
    {
      config: { access: 'user' },
      schema: {
        tags: ['moderation'],
        summary: 'Appeal a refusal of your prompt: it goes to the moderation queue',
        params: ModerationActionIdParams,
        body: AppealBody,
        response: { 200: AppealedBody, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const appeal = await appealRefusal({
        db,
        user: request.user,
        refusalId: request.params.id,
        note: request.body.note,
        source: 'web',
      });
      return { appealed: true as const, itemId: appeal.id };
    },
  );
};
