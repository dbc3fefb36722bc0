import { AccountStateBody, ErrorBody } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../../lib/errors.ts';
import { describeAccountState } from '../../../modules/billing/account-state.ts';
import { getUser } from '../../../modules/users/get-user.ts';

const Params = z.object({ userId: z.string().max(100) });

/** `GET /api/users/:userId/account-state`: what the dashboard and the status page say about money. */
export const accountStateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  app.get(
    '/:userId/account-state',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary:
          'What the account must be told about its money: a renewal being retried (and when), a lapsed plan, a dispute hold, a balance below zero',
        params: Params,
        response: { 200: AccountStateBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const caller = request.user;
      const { userId } = request.params;
      if (userId !== caller.id && caller.role !== 'admin')
        throw forbidden('You can only see your own account');
      const user = await getUser({ db, userId });
      return { notices: (await describeAccountState({ db, user })).notices };
    },
  );
};
