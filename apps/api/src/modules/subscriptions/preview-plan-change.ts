import { type PlanChangePreview, type UpdateSubscriptionBody, decidePlanChange, findTier } from '@app/domain';
import { AppError } from '../../lib/errors.ts';
import { findTargetUser } from '../customers/access.ts';
import { priceFor } from '../catalog/sync-catalog.ts';
import type { PaymentCallOptions } from '../customers/payment-call.ts';
import { findLiveSubscription } from './find-live-subscription.ts';
import { giftPlanActive } from './gift-plan-active.ts';
import { tierOfSubscription } from './sync-subscription.ts';

/**
 * What `updateSubscription` would do, without doing it: for an upgrade, Stripe's preview of the
 * prorated invoice charged at once (`invoices.createPreview` with the same proration behaviour);
 * for a downgrade, when it starts and Stripe's preview of the first invoice on the new plan. The
 * page asks for confirmation with the real amounts.
 */
export async function previewPlanChange({
  db,
  stripe,
  user,
  body,
}: PaymentCallOptions<UpdateSubscriptionBody>): Promise<PlanChangePreview> {
  const target = await findTargetUser({ db, user, userId: body.userId, stripeId: body.stripeId });
  const tier = findTier(body.newsubscriptiontype);
  if (!tier || tier.tier !== body.newsubscriptiontype) {
    throw new AppError('UNKNOWN_PLAN', { status: 400, message: `Unknown plan: ${body.newsubscriptiontype}` });
  }
  const live = await findLiveSubscription({ db, userId: target.id });
  if (!live) {
    throw (
      (await giftPlanActive({ db, userId: target.id })) ??
      new AppError('NO_SUBSCRIPTION', { status: 409, message: 'There is no paid plan to change.' })
    );
  }
  const subscription = await stripe.subscriptions.retrieve(live.id);
  const current = findTier(tierOfSubscription(subscription) ?? '');
  if (!current)
    throw new AppError('NO_SUBSCRIPTION', { status: 409, message: 'There is no paid plan to change.' });
  const change = decidePlanChange(current.tier, tier.tier);
  const item = subscription.items.data[0]!;
  const customer =
    typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
  if (change === 'same') {
    return {
      change,
      plan: tier.tier,
      amountDueNow: 0,
      currency: item.price.currency,
      credits: 0,
      hypercredits: 0,
      effectiveDate: null,
      renewalAmount: null,
    };
  }
  const price = await priceFor(stripe, tier.lookupKey);
  if (change === 'downgrade') {
    // A downgrade starts at the period end, unprorated: nothing is charged or credited now, and
    // Stripe's preview of the renewal with the new price is what the first invoice on it will be.
    const renewal = await stripe.invoices.createPreview({
      customer,
      subscription: subscription.id,
      subscription_details: { items: [{ id: item.id, price: price.id }], proration_behavior: 'none' },
    });
    return {
      change,
      plan: tier.tier,
      amountDueNow: 0,
      currency: renewal.currency,
      credits: 0,
      hypercredits: 0,
      effectiveDate: item.current_period_end,
      renewalAmount: renewal.amount_due,
    };
  }
  const preview = await stripe.invoices.createPreview({
    customer,
    subscription: subscription.id,
    subscription_details: {
      items: [{ id: item.id, price: price.id }],
      proration_behavior: 'always_invoice',
    },
  });
  return {
    change,
    plan: tier.tier,
    amountDueNow: preview.amount_due,
    currency: preview.currency,
    credits: Math.max(0, tier.credits - current.credits),
    hypercredits: Math.max(0, tier.hypercredits - current.hypercredits),
    effectiveDate: null,
    renewalAmount: null,
  };
}
