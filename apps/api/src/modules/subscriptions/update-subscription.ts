import {
  SAME_PLAN_MESSAGE,
  type UpdateSubscriptionBody,
  type UpdateSubscriptionResult,
  decidePlanChange,
  findTier,
  formatEpochDate,
} from '@app/domain';
import Stripe from 'stripe';
import { AppError } from '../../lib/errors.ts';
import { mapStripeError } from '../../lib/stripe-errors.ts';
import { grantInvoiceCredits } from '../settlement/grant-credits.ts';
import { findTargetUser } from '../customers/access.ts';
import { giftPlanActive } from './gift-plan-active.ts';
import { priceFor } from '../catalog/sync-catalog.ts';
import { syncSubscription, tierOfSubscription } from './sync-subscription.ts';
import { findLiveSubscription } from './find-live-subscription.ts';
import { SUBSCRIPTION_EXPAND } from './load-own-subscription.ts';
import { scheduleDowngrade } from './schedule-downgrade.ts';
import type { PaymentCallOptions } from '../customers/payment-call.ts';

const noSubscription = () =>
  new AppError('NO_SUBSCRIPTION', {
    status: 409,
    message: 'There is no paid plan to change. Choose a plan to subscribe instead.',
  });

const declined = (cause: unknown) =>
  new AppError('UPGRADE_PAYMENT_FAILED', {
    status: 402,
    message: `Your plan was not changed: ${mapStripeError(cause)?.message ?? 'the card on file was declined.'} Update your payment method and try again.`,
    cause,
  });

/**
 * Upgrades at once, charging the prorated difference on an invoice paid now (Stripe emails it to
 * the customer's address); the subscription keeps its billing date. With `error_if_incomplete`
 * Stripe refuses the change outright when the card fails, so a declined upgrade changes nothing;
 * a downgrade scheduled before has to be released for the update and is put back then.
 * `upgradedFrom` travels on the invoice's subscription details so its grant knows the difference.
 */
async function upgrade(stripe: Stripe, subscription: Stripe.Subscription, tierName: string, current: string) {
  const tier = findTier(tierName)!;
  const ref = subscription.schedule;
  const pendingDowngrade = subscription.metadata.downgradeTo
    ? findTier(subscription.metadata.downgradeTo)
    : undefined;
  if (ref) await stripe.subscriptionSchedules.release(typeof ref === 'string' ? ref : ref.id);
  const price = await priceFor(stripe, tier.lookupKey);
  let updated: Stripe.Subscription;
  try {
    updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0]!.id, price: price.id }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
      cancel_at_period_end: false,
      metadata: { tier: tier.tier, downgradeTo: '', upgradedFrom: current },
      expand: ['latest_invoice'],
    });
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
    if (ref && pendingDowngrade) {
      const again = await stripe.subscriptions.retrieve(subscription.id);
      await scheduleDowngrade({ stripe, subscription: again, tier: pendingDowngrade });
    }
    throw declined(error);
  }
  const invoice = updated.latest_invoice as Stripe.Invoice | null;
  return {
    periodEnd: updated.items.data[0]?.current_period_end ?? 0,
    charged: invoice?.amount_paid ?? 0,
    credited: invoice && invoice.total < 0 ? -invoice.total : 0,
    invoice,
  };
}

/**
 * `updateSubscription`: moves the user's paid plan to `newsubscriptiontype`. Same plan → the
 * no-change message; a higher plan → now, prorated; a lower plan → at the end of the period. A gift
 * is never changed: with only a gift running, the answer says until when it runs.
 */
export async function updateSubscription({
  db,
  stripe,
  user,
  body,
}: PaymentCallOptions<UpdateSubscriptionBody>): Promise<UpdateSubscriptionResult> {
  const target = await findTargetUser({ db, user, userId: body.userId, stripeId: body.stripeId });
  const tier = findTier(body.newsubscriptiontype);
  if (!tier || tier.tier !== body.newsubscriptiontype) {
    throw new AppError('UNKNOWN_PLAN', { status: 400, message: `Unknown plan: ${body.newsubscriptiontype}` });
  }
  const live = await findLiveSubscription({ db, userId: target.id });
  if (!live) throw (await giftPlanActive({ db, userId: target.id })) ?? noSubscription();
  const subscription = await stripe.subscriptions.retrieve(live.id, { expand: SUBSCRIPTION_EXPAND });
  const current = tierOfSubscription(subscription);
  if (!current) throw noSubscription();
  const change = decidePlanChange(current, tier.tier);
  const periodEnd = subscription.items.data[0]?.current_period_end ?? 0;

  if (change === 'same') {
    return {
      change,
      message: SAME_PLAN_MESSAGE,
      updatedSubscription: { id: subscription.id, plan: current, current_period_end: periodEnd },
      amountCharged: 0,
      amountCredited: 0,
      effectiveDate: null,
      invoiceId: null,
    };
  }
  if (change === 'upgrade') {
    const result = await upgrade(stripe, subscription, tier.tier, current);
    await syncSubscription({ db, stripe, subscriptionId: subscription.id });
    if (result.invoice?.status === 'paid') await grantInvoiceCredits({ db, stripe, invoice: result.invoice });
    return {
      change,
      message: `Your plan is now ${tier.tier}. The invoice was sent to your email.`,
      updatedSubscription: { id: subscription.id, plan: tier.tier, current_period_end: result.periodEnd },
      amountCharged: result.charged,
      amountCredited: result.credited,
      effectiveDate: null,
      invoiceId: result.invoice?.id ?? null,
    };
  }
  const effectiveDate = await scheduleDowngrade({ stripe, subscription, tier });
  await syncSubscription({ db, stripe, subscriptionId: subscription.id });
  return {
    change,
    message: `Your plan changes to ${tier.tier} on ${formatEpochDate(effectiveDate)}.`,
    updatedSubscription: { id: subscription.id, plan: tier.tier, current_period_end: effectiveDate },
    amountCharged: 0,
    amountCredited: 0,
    effectiveDate,
    invoiceId: null,
  };
}
