import { AgeBandBody, ErrorBody, PrivateDefaultBody } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertMayActOn } from '../../../lib/authorization.ts';
import { setAgeBand } from '../../../modules/users/set-age-band.ts';
import { getUser } from '../../../modules/users/get-user.ts';

const UserIdParams = z.object({ userId: z.string().max(100) });
const SettingsWire = PrivateDefaultBody.extend({
  ageBand: z.enum(['under-13', '13-17', '18+']).nullable(),
});

/**
 * The age band asked at the first sign-in, read beside the private default (the defaults themselves
 * are changed with `PATCH /api/users/me/settings`, like `/settings` on Discord).
 */
export const userSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

  app.get(
    '/:userId/settings',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Private by default and the age band (self, or anyone for admins)',
        params: UserIdParams,
        response: { 200: SettingsWire, ...errors },
      },
    },
    async (request) => {
      const viewer = request.user;
      assertMayActOn(viewer, { userId: request.params.userId }, 'You can only read your own settings');
      const user = await getUser({ db, userId: request.params.userId });
      return { privateByDefault: user.privateByDefault, ageBand: user.ageBand };
    },
  );

  app.put(
    '/:userId/age',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'The age band asked at the first sign-in (self only; 13-17 needs a guardian)',
        params: UserIdParams,
        body: AgeBandBody,
        response: { 200: SettingsWire, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = request.user;
      assertMayActOn(viewer, { userId: request.params.userId }, 'Only you can answer your age', {
        ownerOnly: true,
      });
      try {
        const user = await setAgeBand({ db, user: viewer, ...request.body });
        return { privateByDefault: user.privateByDefault, ageBand: user.ageBand };
      } catch (error) {
        // Under 13: the sessions are gone; the cookie goes with them.
        if ((error as { code?: string }).code === 'UNDER_13') await reply.endSession();
        throw error;
      }
    },
  );
};
