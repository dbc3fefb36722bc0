import { AuthLevelBody, CurrentUserBody, SetAuthLevelBody, UserWire, withVersion } from '@app/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../../lib/errors.ts';
import { publicOrigin } from '../../../lib/public-origin.ts';
import { toAdminUserWire } from '../../../modules/users/admin-user-wire.ts';
import { getUser } from '../../../modules/users/get-user.ts';
import { setUserRole } from '../../../modules/users/set-user-role.ts';
import { toUserWire } from '../../../modules/users/user-wire.ts';
import { discordRoutes } from './discord.ts';
import { localSignInRoutes } from './local.ts';

/**
 * Whether another site started this request: the browser says so in Sec-Fetch-Site; browsers
 * without it still send a Referer, which must then be one of our pages.
 */
function isCrossSite(request: FastifyRequest, origin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site) return site !== 'same-origin' && site !== 'none';
  const referer = request.headers.referer;
  if (!referer) return false;
  try {
    const from = new URL(referer).origin;
    return from !== origin && from !== `${request.protocol}://${request.host}`;
  } catch {
    return true;
  }
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'user' },
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: UserWire } },
    },
    (request) => toUserWire(request.user),
  );

  app.get(
    '/me',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, or null when signed out (never 401)',
        response: { 200: CurrentUserBody },
      },
    },
    async (request) => {
      const user = await request.currentUser();
      return { user: user ? toUserWire(user) : null };
    },
  );

  app.get(
    '/logout',
    { config: { access: 'public' }, schema: { tags: ['auth'], summary: 'Sign out' } },
    async (request, reply) => {
      // The web app signs out with a link, so this is a GET; a link or image on another site must
      // not sign anyone out.
      if (isCrossSite(request, publicOrigin(app))) throw forbidden('Sign out from this site');
      await reply.endSession();
      const wantsJson = request.headers.accept?.includes('application/json');
      return wantsJson ? reply.send({ ok: true }) : reply.redirect(withVersion('/menu'));
    },
  );

  app.get(
    '/authlevel',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: 'Role of the signed-in user', response: { 200: AuthLevelBody } },
    },
    async (request) => {
      const user = await request.currentUser();
      return { authLevel: user ? user.role : null };
    },
  );

  app.put(
    '/authlevel',
    {
      config: { access: 'admin+password' },
      schema: { tags: ['auth', 'admin'], summary: "Change a user's role", body: SetAuthLevelBody },
    },
    async (request) => {
      const admin = request.user;
      const { user_id, newAuthLevel } = request.body;
      const user = await getUser({ db: app.ctx.database.db, userId: user_id });
      const updated = await setUserRole({
        db: app.ctx.database.db,
        actorId: admin.id,
        user,
        role: newAuthLevel,
        action: 'role.set',
      });
      return toAdminUserWire(updated);
    },
  );

  if (app.ctx.settings.discord) {
    await app.register(discordRoutes);
  } else if (app.ctx.settings.embedded) {
    app.get(
      '/discord',
      { config: { access: 'public' }, schema: { tags: ['auth'], summary: 'Start sign-in' } },
      async (_request, reply) => reply.redirect('/api/auth/local'),
    );
    await app.register(localSignInRoutes);
  }
};
