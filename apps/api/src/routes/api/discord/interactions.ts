import { ErrorBody } from '@app/domain';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../../lib/errors.ts';
import { handleInteraction } from '../../../modules/discord/handle-interaction.ts';
import { readInteraction } from '../../../modules/discord/parse-interaction.ts';
import { readSignedJson, signatureVerifier } from '../../../modules/discord/verify-signature.ts';

const MAX_INTERACTION_BYTES = 1024 * 1024;

/**
 * `POST /api/discord/interactions`: Discord's signed HTTP interactions. The signature covers the
 * exact bytes, so this route alone keeps the raw body; nothing is read or written before it checks.
 * The signed timestamp must be within 5 minutes of our clock, so a captured request cannot be
 * replayed later.
 */
export const discordInteractionRoutes: FastifyPluginAsync<{ deferAfterMs?: number }> = async (
  app,
  options,
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: MAX_INTERACTION_BYTES },
    (_request, body, done) => done(null, body),
  );
  const bot = app.discordBot;
  const verify = bot ? signatureVerifier(bot.settings.publicKey) : undefined;

  app.post(
    '/interactions',
    {
      // No rate limit: Discord sends every user's interactions from its own addresses, and the
      // signature check is cheap; a limit would fail real users' commands.
      config: { access: 'webhook' },
      schema: {
        tags: ['discord'],
        summary: 'Discord interactions (slash commands, buttons, modals), signed with Ed25519',
        response: { 400: ErrorBody, 401: ErrorBody, 503: ErrorBody },
      },
    },
    async (request) => {
      if (!bot || !verify) {
        throw new AppError('BOT_NOT_CONFIGURED', {
          status: 503,
          message: 'The Discord bot is not configured',
        });
      }
      const body = readSignedJson(verify, request.headers, request.body);
      const interaction = readInteraction(body);
      if (!interaction) {
        throw new AppError('BAD_INTERACTION', {
          status: 400,
          message: 'The body is not an interaction object',
        });
      }
      return handleInteraction(bot.deps, interaction, request.log, options.deferAfterMs);
    },
  );
};
