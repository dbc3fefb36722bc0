import type { Ctx } from '../ctx.ts';
import { invalidRequest } from '../errors.ts';
import { applyDiscounts, readDiscounts } from '../billing/discounts.ts';
import { planItemChange } from '../billing/changes.ts';
import { periodOf } from '../billing/items.ts';
import { cancelNow, updateSubscription } from '../billing/subscription-events.ts';
import { assertPendingParams, holdUntilPaid, incompletePaymentError } from '../billing/pending-updates.ts';
import { createSubscription, invoiceSubscription } from '../billing/subscriptions.ts';
import { assertAttached } from './customers.ts';
import { arr, bool, int, mergeMetadata, oneOf, str, timestamp } from '../params.ts';
import { createdFilter, expandOf, list, render } from '../render.ts';
import type { ApiRoute } from '../router.ts';
import type { Kept, Params, SubscriptionChanges } from '../types.ts';

const PRORATION = ['create_prorations', 'always_invoice', 'none'] as const;
const PAYMENT_BEHAVIORS = [
  'allow_incomplete',
  'default_incomplete',
  'error_if_incomplete',
  'pending_if_incomplete',
] as const;

function update(ctx: Ctx, sub: Kept<'subscription'>, p: Params): void {
  if (['canceled', 'incomplete_expired'].includes(sub.status)) {
    throw invalidRequest(
      'A canceled subscription can only update its cancellation_details and metadata.',
      undefined,
    );
  }
  const changes: SubscriptionChanges = {};
  const itemParams = arr(p, 'items');
  const cancelAtPeriodEnd = bool(p, 'cancel_at_period_end');
  if (sub.schedule && (itemParams || cancelAtPeriodEnd !== undefined)) {
    throw invalidRequest(
      `The subscription is managed by the subscription schedule \`${sub.schedule as string}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
      undefined,
    );
  }
  if (cancelAtPeriodEnd !== undefined) {
    changes.cancel_at_period_end = cancelAtPeriodEnd;
    changes.cancel_at = cancelAtPeriodEnd ? periodOf(sub).end : null;
    changes.canceled_at = cancelAtPeriodEnd ? ctx.now() : null;
    changes.cancellation_details = {
      comment: null,
      feedback: null,
      feedback_option: null,
      reason: cancelAtPeriodEnd ? 'cancellation_requested' : null,
    };
  }
  const cancelAt = timestamp(p, 'cancel_at');
  if (cancelAt !== undefined) changes.cancel_at = cancelAt === 'now' ? ctx.now() : cancelAt;
  const pm = str(p, 'default_payment_method');
  if (pm !== undefined) {
    if (pm) assertAttached(ctx, pm, sub.customer as string, 'default_payment_method');
    changes.default_payment_method = pm || null;
  }
  if (p.metadata !== undefined) changes.metadata = mergeMetadata(sub.metadata, p);
  const description = str(p, 'description');
  if (description !== undefined) changes.description = description || null;
  if (p.discounts !== undefined || p.coupon !== undefined || p.promotion_code !== undefined) {
    changes.discounts =
      p.discounts === '' ? [] : applyDiscounts(ctx, readDiscounts(ctx, p, sub.customer as string), sub);
  }
  if (timestamp(p, 'trial_end') === 'now' && sub.status === 'trialing') changes.trial_end = ctx.now();
  const behavior = oneOf(p, 'proration_behavior', PRORATION) ?? 'create_prorations';
  const paymentBehavior = oneOf(p, 'payment_behavior', PAYMENT_BEHAVIORS) ?? 'allow_incomplete';
  const at = int(p, 'proration_date') ?? ctx.now();
  const plan = itemParams ? planItemChange(ctx, sub, itemParams, at) : null;
  if (plan) changes.items = { ...sub.items, data: plan.items };
  if (plan?.resetsCycle) changes.billing_cycle_anchor = plan.period.start;
  const lines = !plan
    ? []
    : behavior === 'none'
      ? plan.prorations.filter((l) => !l.proration)
      : plan.prorations;
  const invoiceNow = !!plan && lines.length > 0 && (behavior === 'always_invoice' || plan.resetsCycle);
  if (!invoiceNow) {
    updateSubscription(ctx, sub, changes);
    if (plan && lines.length > 0 && behavior !== 'none') {
      (ctx.state.hidden.pendingProrations[sub.id] ??= []).push(...lines);
    }
    return;
  }
  const pending = ctx.state.hidden.pendingProrations[sub.id] ?? [];
  delete ctx.state.hidden.pendingProrations[sub.id];
  const invoiceLines = [...pending, ...lines];
  if (paymentBehavior === 'pending_if_incomplete') {
    assertPendingParams(p);
    return holdUntilPaid(ctx, sub, changes, invoiceLines);
  }
  updateSubscription(ctx, sub, changes);
  const inv = invoiceSubscription(ctx, sub, invoiceLines, 'subscription_update', {
    pay: paymentBehavior !== 'default_incomplete',
    offSession: false,
  });
  // Stripe refuses the whole update with a 402 instead of leaving an unpaid invoice behind.
  if (paymentBehavior === 'error_if_incomplete' && inv.status !== 'paid') {
    throw incompletePaymentError(ctx, inv);
  }
}

/**
 * With `payment_behavior=error_if_incomplete`, a first invoice that cannot be paid (a declined card,
 * or one that needs authentication) refuses the creation with a 402 and leaves nothing behind.
 */
function create(ctx: Ctx, p: Params): Kept<'subscription'> {
  const sub = createSubscription(ctx, p);
  const inv = sub.latest_invoice ? ctx.find(sub.latest_invoice as string, 'invoice') : undefined;
  if (str(p, 'payment_behavior') === 'error_if_incomplete' && inv && inv.status !== 'paid') {
    throw incompletePaymentError(ctx, inv);
  }
  return sub;
}

export const subscriptionRoutes: ApiRoute[] = [
  {
    method: 'POST',
    path: '/v1/subscriptions',
    handler: (ctx, { body }) =>
      render(
        ctx,
        ctx.atomically(() => create(ctx, body)),
        expandOf(body),
      ),
  },
  {
    method: 'GET',
    path: '/v1/subscriptions',
    handler: (ctx, { body }) => {
      const customer = str(body, 'customer');
      const price = str(body, 'price');
      const status = str(body, 'status');
      const created = createdFilter(body);
      const items = ctx
        .all('subscription')
        .filter(
          (s) =>
            (!customer || s.customer === customer) &&
            (!price || s.items.data.some((it) => it.price.id === price)) &&
            (status === 'all'
              ? true
              : status
                ? s.status === status
                : !['canceled', 'incomplete_expired'].includes(s.status)) &&
            created(s),
        );
      return list(ctx, items, body, '/v1/subscriptions');
    },
  },
  {
    method: 'GET',
    path: '/v1/subscriptions/:id',
    handler: (ctx, { params, body }) =>
      render(ctx, ctx.get(params.id as string, 'subscription'), expandOf(body)),
  },
  {
    method: 'POST',
    path: '/v1/subscriptions/:id',
    handler: (ctx, { params, body }) => {
      const sub = ctx.get(params.id as string, 'subscription');
      ctx.atomically(() => update(ctx, sub, body));
      return render(ctx, sub, expandOf(body));
    },
  },
  {
    method: 'DELETE',
    path: '/v1/subscriptions/:id',
    handler: (ctx, { params, body }) => {
      const sub = ctx.get(params.id as string, 'subscription');
      if (sub.status === 'canceled') {
        throw invalidRequest(`No such subscription: '${sub.id}'`, 'resource_missing', 'id', 404);
      }
      cancelNow(ctx, sub);
      return render(ctx, sub, expandOf(body));
    },
  },
  {
    method: 'POST',
    path: '/v1/subscriptions/:id/resume',
    handler: (ctx, { params, body }) => {
      const sub = ctx.get(params.id as string, 'subscription');
      updateSubscription(ctx, sub, { cancel_at_period_end: false, cancel_at: null, canceled_at: null });
      return render(ctx, sub, expandOf(body));
    },
  },
];
