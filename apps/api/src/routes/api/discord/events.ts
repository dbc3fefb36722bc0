import { ErrorBody } from '@app/domain';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../lib/errors.ts';
import { WebhookEventBody, applicationAuthorized } from '../../../modules/discord/application-authorized.ts';
import { readSignedJson, signatureVerifier } from '../../../modules/discord/verify-signature.ts';

const MAX_EVENT_BYTES = 64 * 1024;

/**
 * `POST /api/discord/events`: Discord's webhook events (the app's Webhook Events URL), signed with
 * Ed25519 like interactions and answered 204 within 3 seconds. `APPLICATION_AUTHORIZED` (a person
 * added the app to their account) makes or links their account and welcomes them by DM.
 */
export const discordEventRoutes: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_EVENT_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  const bot = app.discordBot;
  const verify = bot ? signatureVerifier(bot.settings.publicKey) : undefined;

  app.post(
    '/events',
    {
      // No rate limit: Discord sends them from its own addresses, signed.
      config: { access: 'webhook' },
      schema: {
        tags: ['discord'],
        summary: 'Discord webhook events (APPLICATION_AUTHORIZED), signed with Ed25519',
        response: { 204: z.null(), 400: ErrorBody, 401: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      if (!bot || !verify) {
        throw new AppError('BOT_NOT_CONFIGURED', {
          status: 503,
          message: 'The Discord bot is not configured',
        });
      }
      const body = readSignedJson(verify, request.headers, request.body);
      const event = WebhookEventBody.safeParse(body);
      if (!event.success || event.data.application_id !== bot.settings.applicationId) {
        throw new AppError('BAD_EVENT', {
          status: 400,
          message: 'The body is not a webhook event of this app',
        });
      }
      if (event.data.type === 1 && event.data.event?.type === 'APPLICATION_AUTHORIZED') {
        await applicationAuthorized(bot.deps, event.data.event, request.log);
      }
      return reply.status(204).send();
    },
  );
};
