import { timingSafeEqual } from 'node:crypto';
import { type LoginErrorCode, withVersion } from '@app/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  consumeDiscordLoginState,
  createDiscordLoginState,
} from '../../../modules/auth/discord-login-state.ts';
import { fetchDiscordAccount } from '../../../modules/auth/fetch-discord-account.ts';
import { upsertDiscordUser } from '../../../modules/users/upsert-discord-user.ts';
import { publicOrigin } from '../../../lib/public-origin.ts';

const STATE_COOKIE = 'discord_state';
const CallbackQuery = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(512).optional(),
  error_description: z.string().max(2048).optional(),
});

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Discord sign-in: authorization code with PKCE (S256). The `state` sits in an HttpOnly cookie
 * scoped to these two routes and in a server-side row that the callback deletes, so each works once
 * and only in the browser that started it.
 */
export const discordRoutes: FastifyPluginAsyncZod = async (app) => {
  const discord = app.ctx.settings.discord!;
  const { database, settings } = app.ctx;
  const cookieOptions = {
    path: '/api/auth/discord',
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secureCookies,
  } as const;
  const redirectUri = () => `${publicOrigin(app)}/api/auth/discord/callback`;
  const rateLimit = { max: settings.signInRateLimit, timeWindow: '1 minute' };

  app.get(
    '/discord',
    { config: { access: 'public', rateLimit }, schema: { tags: ['auth'], summary: 'Start Discord sign-in' } },
    async (request, reply) => {
      const { state, codeChallenge, maxAgeSeconds } = await createDiscordLoginState({ db: database.db });
      const url = new URL(discord.authorizeUrl);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: discord.clientId,
        scope: 'identify email',
        redirect_uri: redirectUri(),
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        prompt: 'none',
      }).toString();
      reply.setCookie(STATE_COOKIE, state, { ...cookieOptions, maxAge: maxAgeSeconds });
      return reply.header('cache-control', 'no-store').redirect(url.toString());
    },
  );

  app.get(
    '/discord/callback',
    {
      config: { access: 'public', rateLimit },
      schema: { tags: ['auth'], summary: 'Discord sends the user back here', querystring: CallbackQuery },
    },
    async (request, reply) => {
      const cookieState = request.cookies[STATE_COOKIE];
      reply.clearCookie(STATE_COOKIE, cookieOptions);
      const { code, state, error } = request.query;
      const backToMenu = async (reason: LoginErrorCode, reply: FastifyReply) => {
        await reply.endSession();
        return reply.redirect(withVersion(`/menu?error=${reason}`));
      };

      if (!state || !cookieState || !sameText(state, cookieState)) return backToMenu('discord_state', reply);
      const codeVerifier = await consumeDiscordLoginState({ db: database.db, state });
      if (!codeVerifier) return backToMenu('discord_state', reply);
      if (error || !code) return backToMenu('discord_denied', reply);

      let account;
      try {
        account = await fetchDiscordAccount({
          discord,
          code,
          codeVerifier,
          redirectUri: redirectUri(),
        });
      } catch (failure) {
        request.log.warn({ err: failure }, 'Discord sign-in failed');
        return backToMenu('discord_failed', reply);
      }
      const user = await upsertDiscordUser({ db: database.db, account });
      await reply.startSession(user.id);
      return reply.redirect(withVersion('/dashboard'));
    },
  );
};
