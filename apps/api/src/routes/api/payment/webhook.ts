import { ErrorBody } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { badRequest } from '../../../lib/errors.ts';
import { handleWebhookEvent } from '../../../modules/webhooks/handle-webhook-event.ts';

/** Signatures older than this are refused, so a captured delivery cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

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
        response: { 200: z.object({ received: z.literal(true), outcome: z.string() }), 400: ErrorBody },
      },
    },
    async (request) => {
      const { stripe, webhookSecret } = app.billing();
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !signature) {
        throw badRequest('Missing Stripe-Signature header', 'BAD_SIGNATURE');
      }
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(raw, signature, webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch {
        throw badRequest('Invalid or expired webhook signature', 'BAD_SIGNATURE');
      }
      const outcome = await handleWebhookEvent({ db: app.ctx.database.db, stripe, log: request.log }, event);
      return { received: true as const, outcome };
    },
  );
};
