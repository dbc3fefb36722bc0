import {
  CheckSubscriptionStatusBody,
  OpenInvoiceBody,
  OwnSubscriptionsResult,
  PayOpenInvoiceBody,
  PayOpenInvoiceResult,
  ErrorBody,
  PlanChangePreview,
  PortalBody,
  PortalResult,
  SubscriptionIdParams,
  SubscriptionWire,
  UpdateSubscriptionBody,
  UpdateSubscriptionResult,
} from '@app/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cancelSubscription } from '../../../modules/subscriptions/cancel-subscription.ts';
import { createPortalSession } from '../../../modules/subscriptions/create-portal-session.ts';
import { getOpenInvoice, payOpenInvoice } from '../../../modules/subscriptions/pay-open-invoice.ts';
import { listOwnSubscriptions } from '../../../modules/subscriptions/list-own-subscriptions.ts';
import { getSubscriptionDetails } from '../../../modules/subscriptions/get-subscription-details.ts';
import { previewPlanChange } from '../../../modules/subscriptions/preview-plan-change.ts';
import { refreshSubscription } from '../../../modules/subscriptions/refresh-subscription.ts';
import { renewSubscription } from '../../../modules/subscriptions/renew-subscription.ts';
import { updateSubscription } from '../../../modules/subscriptions/update-subscription.ts';
import { publicOrigin } from '../../../lib/public-origin.ts';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  402: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
};
const readLimit = { max: 60, timeWindow: '1 minute' };
const changeLimit = { max: 20, timeWindow: '1 minute' };

/** Managing a subscription: details, cancel and renew, re-sync, plan changes, billing portal. */
export const paymentSubscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.database.db;
  // What every call on one subscription of the signed-in user's takes (own ones only; admins any).
  const ownSubscription = async (request: FastifyRequest, subscriptionId: string) => ({
    db,
    stripe: app.billing().stripe,
    user: await request.requireUser(),
    subscriptionId,
  });
  const portal = async (request: FastifyRequest, customerId: string, flow?: 'payment_method_update') =>
    createPortalSession({
      stripe: app.billing().stripe,
      user: await request.requireUser(),
      customerId,
      origin: publicOrigin(app),
      flow,
    });

  app.get(
    '/open-invoice',
    {
      config: { access: 'user' },
      schema: {
        tags: ['subscription'],
        summary: 'The plan invoice you can pay now (a failed renewal), or null',
        response: { 200: OpenInvoiceBody, ...errors },
      },
    },
    async (request) => getOpenInvoice({ stripe: app.billing().stripe, user: request.user }),
  );

  app.post(
    '/pay-open-invoice',
    {
      config: { access: 'user' },
      schema: {
        tags: ['subscription'],
        summary: 'Pay your open plan invoice with a card; the card becomes the default for renewals',
        body: PayOpenInvoiceBody,
        response: { 200: PayOpenInvoiceResult, ...errors },
      },
    },
    async (request) =>
      payOpenInvoice({
        db: app.ctx.database.db,
        stripe: app.billing().stripe,
        user: request.user,
        invoiceId: request.body.invoiceId,
        paymentMethodId: request.body.paymentMethodId,
      }),
  );

  app.get(
    '/subscriptions',
    {
      config: { access: 'user', rateLimit: readLimit },
      schema: {
        tags: ['payment'],
        summary: "The signed-in user's live subscriptions, the one to manage first",
        response: { 200: OwnSubscriptionsResult, 401: ErrorBody },
      },
    },
    async (request) => listOwnSubscriptions({ db, userId: request.user.id }),
  );

  app.get(
    '/subscriptionDetails/:id',
    {
      config: { access: 'user', rateLimit: readLimit },
      schema: {
        tags: ['payment'],
        summary: 'A subscription: plan, price, next amount, period end, cancellation, scheduled downgrade',
        params: SubscriptionIdParams,
        response: { 200: SubscriptionWire, ...errors },
      },
    },
    async (request) => getSubscriptionDetails(await ownSubscription(request, request.params.id)),
  );

  app.post(
    '/cancelSubscription/:id',
    {
      config: { access: 'user', rateLimit: changeLimit },
      schema: {
        tags: ['payment'],
        summary: 'Cancel at the end of the current period (a scheduled downgrade is dropped)',
        params: SubscriptionIdParams,
        response: { 200: SubscriptionWire, ...errors },
      },
    },
    async (request) => cancelSubscription(await ownSubscription(request, request.params.id)),
  );

  app.post(
    '/renew_subscription/:id',
    {
      config: { access: 'user', rateLimit: changeLimit },
      schema: {
        tags: ['payment'],
        summary: 'Undo a cancellation: the subscription renews again',
        params: SubscriptionIdParams,
        response: { 200: SubscriptionWire, ...errors },
      },
    },
    async (request) => renewSubscription(await ownSubscription(request, request.params.id)),
  );

  app.get(
    '/update_subscription_status/:id',
    {
      config: { access: 'user', rateLimit: readLimit },
      schema: {
        tags: ['payment'],
        summary: 'Re-read a subscription from Stripe into our copy and the plan shown',
        params: SubscriptionIdParams,
        response: { 200: SubscriptionWire, ...errors },
      },
    },
    async (request) => refreshSubscription(await ownSubscription(request, request.params.id)),
  );

  app.post(
    '/check-subscription-status',
    {
      config: { access: 'user', rateLimit: readLimit },
      schema: {
        tags: ['payment'],
        summary: 'Re-read a subscription from Stripe into our copy and the plan shown',
        body: CheckSubscriptionStatusBody,
        response: { 200: SubscriptionWire, ...errors },
      },
    },
    async (request) => refreshSubscription(await ownSubscription(request, request.body.subscriptionId)),
  );

  app.post(
    '/preview-plan-change',
    {
      config: { access: 'user', rateLimit: readLimit },
      schema: {
        tags: ['payment'],
        summary: 'What a plan change would charge now and grant, for confirmation; changes nothing',
        body: UpdateSubscriptionBody,
        response: { 200: PlanChangePreview, ...errors },
      },
    },
    async (request) =>
      previewPlanChange({
        db,
        stripe: app.billing().stripe,
        user: request.user,
        body: request.body,
      }),
  );

  app.post(
    '/updateSubscription',
    {
      config: { access: 'user', rateLimit: changeLimit },
      schema: {
        tags: ['payment'],
        summary: 'Change plan: same → no change; upgrade → now, prorated; downgrade → at period end',
        body: UpdateSubscriptionBody,
        response: { 200: UpdateSubscriptionResult, ...errors },
      },
    },
    async (request) =>
      updateSubscription({
        db,
        stripe: app.billing().stripe,
        user: request.user,
        body: request.body,
      }),
  );

  app.post(
    '/payment_method_update_portal',
    {
      config: { access: 'user', rateLimit: changeLimit },
      schema: {
        tags: ['payment'],
        summary: 'Billing portal on the default payment method form; returns to /subscriptionstatus',
        body: PortalBody,
        response: { 200: PortalResult, ...errors },
      },
    },
    async (request) => portal(request, request.body.customer_id, 'payment_method_update'),
  );

  app.post(
    '/create_invoice_portal',
    {
      config: { access: 'user', rateLimit: changeLimit },
      schema: {
        tags: ['payment'],
        summary: 'Billing portal (invoices, details, cards); returns to /subscriptionstatus',
        body: PortalBody,
        response: { 200: PortalResult, ...errors },
      },
    },
    async (request) => portal(request, request.body.customer_id),
  );
};
