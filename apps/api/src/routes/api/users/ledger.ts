import { listLedgerEntries } from '@app/db';
import { ErrorBody, LedgerBody, LedgerQuery, ledgerEntryKind } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../../lib/errors.ts';
import { getUser } from '../../../modules/users/get-user.ts';

const Params = z.object({ userId: z.string().max(100) });

/** `GET /api/users/:userId/ledger`: every change of a user's balances, newest first (self or admin). */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  app.get(
    '/:userId/ledger',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary:
          'Credit history: purchases, grants, gifts, job charges and refunds, admin changes, with running balances',
        params: Params,
        querystring: LedgerQuery,
        response: { 200: LedgerBody, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const caller = request.user;
      const { userId } = request.params;
      if (userId !== caller.id && caller.role !== 'admin')
        throw forbidden('You can only see your own history');
      const user = await getUser({ db, userId });
      const { entries, nextBefore } = await listLedgerEntries(db, {
        userId: user.id,
        before: request.query.cursor,
        limit: request.query.limit,
      });
      return {
        entries: entries.map((entry) => ({
          ...entry,
          kind: ledgerEntryKind(entry.reason),
          createdAt: entry.createdAt.toISOString(),
        })),
        nextCursor: nextBefore,
      };
    },
  );
};
