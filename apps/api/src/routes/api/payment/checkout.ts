import {
  CheckoutSessionForm,
  CreatePaymentIntentBody,
  ErrorBody,
  PaymentIntentWire,
  PaymentSessionWire,
  ProcessPaymentBody,
  ProcessPaymentResult,
  SessionParams,
  VerifyCouponBody,
  VerifyCouponResult,
} from '@app/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createCheckoutSession } from '../../../modules/payments/create-checkout-session.ts';
import { createPaymentIntent } from '../../../modules/payments/create-payment-intent.ts';
import { getPaymentSession } from '../../../modules/payments/get-payment-session.ts';
import { processSinglePayment } from '../../../modules/payments/process-single-payment.ts';
import { processSubscriptionPayment } from '../../../modules/payments/process-subscription-payment.ts';
import { quoteCoupon } from '../../../modules/billing/quote-coupon.ts';
import { publicOrigin } from '../../../lib/public-origin.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const paymentLimit = { max: 20, timeWindow: '1 minute' };

/** Buying: the intent /checkout pays, paying it, coupons, receipts and hosted checkout. */
export const paymentCheckoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.database.db;
  // A payment call for the signed-in user with the request body.
  const withBody = async <Body>(request: FastifyRequest & { body: Body }) => ({
    db,
    stripe: app.billing().stripe,
    user: await request.requireUser(),
    body: request.body,
  });

  app.post(
    '/create-payment-intent',
    {
      config: { access: 'user', rateLimit: paymentLimit },
      schema: {
        tags: ['payment'],
        summary: 'The payment intent the checkout page confirms (credit package or new subscription)',
        body: CreatePaymentIntentBody,
        response: { 200: PaymentIntentWire, ...errors },
      },
    },
    async (request) => createPaymentIntent(await withBody(request)),
  );

  app.post(
    '/process_single',
    {
      config: { access: 'user', rateLimit: paymentLimit },
      schema: {
        tags: ['payment'],
        summary: 'Pay for a credit package with the card the browser created',
        body: ProcessPaymentBody,
        response: { 200: ProcessPaymentResult, ...errors },
      },
    },
    async (request) => processSinglePayment(await withBody(request)),
  );

  app.post(
    '/process_subscription',
    {
      config: { access: 'user', rateLimit: paymentLimit },
      schema: {
        tags: ['payment'],
        summary: "Pay a new subscription's first invoice with the card the browser created",
        body: ProcessPaymentBody,
        response: { 200: ProcessPaymentResult, ...errors },
      },
    },
    async (request) => processSubscriptionPayment(await withBody(request)),
  );

  app.post(
    '/verify_coupon',
    {
      config: { access: 'user', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['payment'],
        summary: 'Whether a coupon or promotion code can be used, and the checkout total with it',
        body: VerifyCouponBody,
        response: { 200: VerifyCouponResult, ...errors },
      },
    },
    async (request) =>
      quoteCoupon({
        stripe: app.billing().stripe,
        user: request.user,
        couponid: request.body.couponid,
        paymentIntentId: request.body.paymentIntentId,
      }),
  );

  app.get(
    '/session/:sessionId',
    {
      config: { access: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['payment'],
        summary: 'The receipt of a completed payment, for the success page',
        params: SessionParams,
        response: { 200: PaymentSessionWire, ...errors },
      },
    },
    async (request) =>
      getPaymentSession({
        db,
        stripe: app.billing().stripe,
        user: request.user,
        sessionId: request.params.sessionId,
      }),
  );

  app.post(
    '/create-checkout-session',
    {
      config: { access: 'user', rateLimit: paymentLimit },
      schema: {
        tags: ['payment'],
        summary: 'Form post: start a hosted checkout (subscription, credits or gift); 303 to its page',
        body: CheckoutSessionForm,
        response: { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      const origin = publicOrigin(app);
      const url = await createCheckoutSession({
        db,
        stripe: app.billing().stripe,
        user: request.user,
        form: request.body,
        origin,
      });
      return reply.redirect(url, 303);
    },
  );
};
