import { AuthLevelBody, UserWire, withVersion } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toUserWire } from '../../../modules/users/user-wire.ts';
import { localSignInRoutes } from './local.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: UserWire } } },
    async (request) => toUserWire(await request.requireUser()),
  );

  app.get('/logout', { schema: { tags: ['auth'], summary: 'Sign out' } }, async (request, reply) => {
    await reply.endSession();
    const wantsJson = request.headers.accept?.includes('application/json');
    return wantsJson ? reply.send({ ok: true }) : reply.redirect(withVersion('/menu'));
  });

  app.get(
    '/authlevel',
    { schema: { tags: ['auth'], summary: 'Role of the signed-in user', response: { 200: AuthLevelBody } } },
    async (request) => {
      const user = await request.currentUser();
      return { authLevel: user ? user.role : null };
    },
  );

  if (!app.ctx.settings.discord && app.ctx.settings.embedded) {
    app.get('/discord', { schema: { tags: ['auth'], summary: 'Start sign-in' } }, async (_request, reply) =>
      reply.redirect('/api/auth/local'),
    );
    await app.register(localSignInRoutes);
  }
};
