import {
  AutoTopUpSettingsBody,
  AutoTopUpWire,
  ErrorBody,
  SaveTopUpCardBody,
  SetupTopUpCardBody,
  TopUpAuthenticationWire,
  TopUpSetupIntentWire,
  withVersion,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicOrigin } from '../../../lib/public-origin.ts';
import { watchSpending } from '../../../modules/billing/spend-watch.ts';
import { discordNotifier } from '../../../modules/discord/direct-message.ts';
import { authenticateTopUp } from '../../../modules/payments/authenticate-top-up.ts';
import {
  createTopUpSetupIntent,
  getAutoTopUp,
  saveTopUpCard,
  updateAutoTopUp,
} from '../../../modules/payments/auto-top-up-settings.ts';
import { afterSpending } from '../../../modules/payments/run-auto-top-up.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 402: ErrorBody, 403: ErrorBody, 409: ErrorBody };
const readLimit = { max: 60, timeWindow: '1 minute' };
const changeLimit = { max: 20, timeWindow: '1 minute' };

/**
 * Auto top-up and spend caps of the signed-in user: the settings, the card saved for them (a
 * SetupIntent), and confirming a top-up the bank asked about. This app also watches its jobs'
 * holds, so a hold that takes the credits below the threshold buys the package.
 */
export const paymentAutoTopUpRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const notifier = () => discordNotifier(app.discordBot);

  const billing = app.optionalBilling();
  if (billing) {
    const stop = watchSpending(db, ({ userId, creditsBefore }) => {
      const ctx = { db, stripe: billing.stripe, notifier: notifier(), log: app.log };
      void afterSpending(ctx, { userId, creditsBefore }).catch((error: unknown) =>
        app.log.warn({ err: error, userId }, 'auto top-up failed; the reconciler takes it up'),
      );
    });
    app.addHook('onClose', async () => stop());
  }

  app.get(
    '/auto-top-up',
    {
      config: { access: 'user', rateLimit: readLimit },
      schema: {
        tags: ['payment'],
        summary: 'Your auto top-up and spend caps, the saved card and what was spent this month and today',
        response: { 200: AutoTopUpWire, ...errors },
      },
    },
    async (request) => getAutoTopUp({ db, user: request.user }),
  );

  app.put(
    '/auto-top-up',
    {
      config: { access: 'user', rateLimit: changeLimit },
      schema: {
        tags: ['payment'],
        summary:
          'Set auto top-up (package, threshold, on or off) and the caps: a monthly cap on money spent (plans not counted) and a daily cap on credits spent',
        body: AutoTopUpSettingsBody,
        response: { 200: AutoTopUpWire, ...errors },
      },
    },
    async (request) => updateAutoTopUp({ db, user: request.user, body: request.body }),
  );

  app.post(
    '/auto-top-up/setup-intent',
    {
      config: { access: 'user', rateLimit: changeLimit },
      schema: {
        tags: ['payment'],
        summary:
          "Save the card form's card for auto top-up through a SetupIntent: saved at once, or the bank's page to open",
        body: SetupTopUpCardBody,
        response: { 200: TopUpSetupIntentWire, ...errors },
      },
    },
    async (request) =>
      createTopUpSetupIntent({
        db,
        stripe: app.billing().stripe,
        user: request.user,
        paymentMethodId: request.body.paymentMethodId,
        returnUrl: `${publicOrigin(app)}${withVersion('/autotopup')}`,
      }),
  );

  app.post(
    '/auto-top-up/card',
    {
      config: { access: 'user', rateLimit: changeLimit },
      schema: {
        tags: ['payment'],
        summary: 'Save the card a succeeded SetupIntent set up as the auto top-up card',
        body: SaveTopUpCardBody,
        response: { 200: AutoTopUpWire, ...errors },
      },
    },
    async (request) =>
      saveTopUpCard({
        db,
        stripe: app.billing().stripe,
        user: request.user,
        setupIntentId: request.body.setupIntentId,
      }),
  );

  app.post(
    '/auto-top-up/authenticate',
    {
      config: { access: 'user', rateLimit: changeLimit },
      schema: {
        tags: ['payment'],
        summary: "Confirm a waiting auto top-up: answers the bank's page to open",
        response: { 200: TopUpAuthenticationWire, ...errors },
      },
    },
    async (request) =>
      authenticateTopUp({
        db,
        stripe: app.billing().stripe,
        user: request.user,
        returnUrl: `${publicOrigin(app)}${withVersion('/dashboard')}`,
        notifier: notifier(),
      }),
  );
};
