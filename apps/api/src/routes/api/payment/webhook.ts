import { ErrorBody } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { handleWebhookEvent } from '../../../modules/webhooks/handle-webhook-event.ts';
import { verifyWebhook } from '../../../modules/webhooks/verify-webhook.ts';
import { discordNotifier } from '../../../modules/discord/direct-message.ts';

export const paymentWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // The signature covers the exact bytes Stripe sent, so this route (and only this one) keeps them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/webhook',
    {
      // No rate limit: Stripe delivers bursts from shared addresses, and the signature gate is cheap.
      config: { access: 'webhook' },
      schema: {
        tags: ['payment'],
        summary: 'Stripe webhook: signed events update subscriptions and grant credits',
        response: {
          200: z.object({ received: z.literal(true), outcome: z.string() }),
          400: ErrorBody,
          409: ErrorBody,
        },
      },
    },
    async (request) => {
      const { stripe, webhookSecret } = app.billing();
      const event = verifyWebhook({
        stripe,
        secret: webhookSecret,
        raw: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        signature: request.headers['stripe-signature'],
      });
      const outcome = await handleWebhookEvent(
        { db: app.ctx.database.db, stripe, log: request.log, notifier: discordNotifier(app.discordBot) },
        event,
      );
      return { received: true as const, outcome };
    },
  );
};
