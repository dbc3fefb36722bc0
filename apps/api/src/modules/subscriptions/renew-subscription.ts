import type { Db, UserRow } from '@app/db';
import type { SubscriptionWire } from '@app/domain';
import type Stripe from 'stripe';
import { AppError } from '../../lib/errors.ts';
import { LIVE_STATUSES, syncSubscription } from '../billing/sync-subscription.ts';
import { subscriptionEnded } from './cancel-subscription.ts';
import { describeSubscription } from './describe-subscription.ts';
import { SUBSCRIPTION_EXPAND, loadOwnSubscription } from './load-own-subscription.ts';

/** Undoes a cancellation: the subscription renews again at the period end. */
export async function renewSubscription(options: {
  db: Db;
  stripe: Stripe;
  user: UserRow;
  subscriptionId: string;
}): Promise<SubscriptionWire> {
  const { db, stripe } = options;
  const subscription = await loadOwnSubscription(options);
  if (!LIVE_STATUSES.includes(subscription.status)) throw subscriptionEnded();
  if (subscription.metadata.gifted === 'true') {
    throw new AppError('GIFT_NOT_RENEWABLE', {
      status: 409,
      message: 'A gifted plan ends after its period. Choose a plan to keep it going.',
    });
  }
  const updated = await stripe.subscriptions.update(subscription.id, {
    cancel_at_period_end: false,
    expand: SUBSCRIPTION_EXPAND,
  });
  await syncSubscription({ db, stripe, subscriptionId: subscription.id });
  return describeSubscription(stripe, updated);
}
