import { type Db, findUserByDiscordId } from '@app/db';
import {
  AdminGrantBody,
  AdminUserWire,
  ErrorBody,
  FindUsersQuery,
  LaneUsageWire,
  UpdateUserSettingsBody,
  UserSettingsBody,
  UpdateUserFieldsBody,
  UserDetailsWire,
  UsersPageWire,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../lib/errors.ts';
import { toAdminUserWire, toUserDetailsWire } from '../../../modules/users/admin-user-wire.ts';
import { assertMayActOn } from '../../../lib/authorization.ts';
import { findUsers } from '../../../modules/users/find-users.ts';
import { getUser } from '../../../modules/users/get-user.ts';
import { setUserRole } from '../../../modules/users/set-user-role.ts';
import { updateUserFields } from '../../../modules/users/update-user-fields.ts';
import { changeUserSettings, toUserSettingsWire } from '../../../modules/users/user-settings.ts';
import { laneUsage } from '../../../modules/users/set-lane.ts';

const UserIdParams = z.object({ userId: z.string().max(100) });

async function findByDiscordId(db: Db, discordId: string) {
  const user = await findUserByDiscordId(db, discordId);
  if (!user) throw notFound('User with that Discord id');
  return user;
}

/** Users: one's own details, and the admin tools (search, edit, grant a role). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  app.get(
    '/me/settings',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: "The caller's defaults: aspect, LoRA weight, private by default (also /settings on Discord)",
        response: { 200: UserSettingsBody, 401: ErrorBody },
      },
    },
    async (request) => ({ settings: toUserSettingsWire(request.user) }),
  );

  app.patch(
    '/me/settings',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: "Change the caller's defaults; they apply to the next commands in the studio and on Discord",
        body: UpdateUserSettingsBody,
        response: { 200: UserSettingsBody, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const user = request.user;
      return { settings: toUserSettingsWire(await changeUserSettings(db, user.id, request.body)) };
    },
  );

  app.get(
    '/me/lanes',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary:
          "The caller's lane (fast, relax, turbo), the lanes their plan offers, and this period's credits spent in fast and turbo and relax jobs against any cap",
        response: { 200: z.object({ lanes: LaneUsageWire }), 401: ErrorBody },
      },
    },
    async (request) => ({ lanes: await laneUsage({ db, user: request.user }) }),
  );

  app.get(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users', 'admin'],
        summary: 'Find users by name, email, Discord id or user id',
        querystring: FindUsersQuery,
        response: { 200: UsersPageWire },
      },
    },
    async (request) => {
      const { query, page } = request.query;
      const result = await findUsers({ db, query, page });
      return { users: result.users.map(toAdminUserWire), page, hasMore: result.hasMore };
    },
  );

  app.get(
    '/:userId',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Credit and subscription details of a user (self, or anyone for admins)',
        params: UserIdParams,
        response: { 200: UserDetailsWire },
      },
    },
    async (request) => {
      const caller = request.user;
      const { userId } = request.params;
      // Checked before any look-up, so other people's ids reveal nothing, not even that they exist.
      assertMayActOn(caller, { userId }, 'You can only see your own account');
      return toUserDetailsWire(await getUser({ db, userId }));
    },
  );

  app.patch(
    '/:userId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users', 'admin'],
        summary: "Set a user's credits, hypercredits, subscription status or Discord name",
        params: UserIdParams,
        body: UpdateUserFieldsBody,
        response: { 200: AdminUserWire },
      },
    },
    async (request) => {
      const admin = request.user;
      const user = await updateUserFields({
        db,
        actorId: admin.id,
        userId: request.params.userId,
        fields: request.body,
      });
      return toAdminUserWire(user);
    },
  );

  app.post(
    '/admin-grant',
    {
      config: { access: 'admin+password' },
      schema: {
        tags: ['users', 'admin'],
        summary: 'Give the user with this Discord id a role',
        body: AdminGrantBody,
        response: { 200: AdminUserWire },
      },
    },
    async (request) => {
      const admin = request.user;
      const { discordId, role } = request.body;
      const user = await findByDiscordId(db, discordId);
      const updated = await setUserRole({ db, actorId: admin.id, user, role, action: 'admin.grant' });
      return toAdminUserWire(updated);
    },
  );
};
