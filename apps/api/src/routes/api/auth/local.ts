import { withVersion } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SEED_USERS } from '../../../modules/users/seed-users.ts';
import { signInLocalUser } from '../../../modules/users/sign-in-local-user.ts';
import { toUserWire } from '../../../modules/users/user-wire.ts';
import { AppError } from '../../../lib/errors.ts';
import { renderLocalSignInPage } from './local-page.ts';

const LocalSignInBody = z.object({
  discordName: z
    .string()
    .trim()
    .min(2, 'Name must be 2 to 32 characters')
    .max(32, 'Name must be 2 to 32 characters')
    .regex(/^[\p{L}\p{N}_.-]+$/u, 'Use letters, numbers, dots, dashes or underscores'),
});

/** What the route accepts before the name's own rules, which the handler applies (see below). */
const LocalSignInInput = z.object({ discordName: z.string().max(200) });

/** Local sign-in, the embedded default when no Discord application is configured. */
export const localSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/local',
    {
      config: { access: 'public', page: true },
      schema: { tags: ['auth'], summary: 'Local sign-in page', hide: true },
    },
    async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderLocalSignInPage(SEED_USERS.map((user) => user.discordName))),
  );

  app.post(
    '/local',
    {
      config: {
        access: 'public',
        rateLimit: { max: app.ctx.settings.signInRateLimit, timeWindow: '1 minute' },
      },
      schema: { tags: ['auth'], summary: 'Sign in locally by name', body: LocalSignInInput },
    },
    async (request, reply) => {
      const isForm = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
      // The name's rules are checked here so that the page's own form gets the page back with the
      // reason beside the field, while API callers get the usual 400 VALIDATION_ERROR.
      const checked = LocalSignInBody.safeParse(request.body);
      if (!checked.success) {
        const message = checked.error.issues[0]?.message ?? 'Invalid name';
        if (!isForm)
          throw new AppError('VALIDATION_ERROR', { status: 400, message: `discordName: ${message}` });
        return reply
          .status(400)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(
            renderLocalSignInPage(
              SEED_USERS.map((user) => user.discordName),
              { value: request.body.discordName, error: message },
            ),
          );
      }
      const user = await signInLocalUser({ db: app.ctx.database.db, discordName: checked.data.discordName });
      await reply.startSession(user.id);
      return isForm ? reply.redirect(withVersion('/dashboard'), 303) : reply.send(toUserWire(user));
    },
  );
};
