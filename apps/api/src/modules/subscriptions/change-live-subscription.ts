import type { SubscriptionWire } from '@app/domain';
import type Stripe from 'stripe';
import { AppError } from '../../lib/errors.ts';
import { LIVE_STATUSES, syncSubscription } from './sync-subscription.ts';
import { describeSubscription } from './describe-subscription.ts';
import {
  type OwnSubscriptionOptions,
  SUBSCRIPTION_EXPAND,
  loadOwnSubscription,
} from './load-own-subscription.ts';

export const subscriptionEnded = () =>
  new AppError('SUBSCRIPTION_ENDED', { status: 409, message: 'This subscription has already ended' });

/**
 * Loads the user's own subscription, refuses one that has ended, lets `prepare` refuse the change
 * or clear what stands in its way, applies `update`, and brings our copy up to date.
 */
export async function changeLiveSubscription(
  options: OwnSubscriptionOptions & {
    update: Stripe.SubscriptionUpdateParams;
    prepare?: (subscription: Stripe.Subscription) => Promise<void> | void;
  },
): Promise<SubscriptionWire> {
  const { db, stripe } = options;
  const subscription = await loadOwnSubscription(options);
  if (!LIVE_STATUSES.includes(subscription.status)) throw subscriptionEnded();
  await options.prepare?.(subscription);
  const updated = await stripe.subscriptions.update(subscription.id, {
    ...options.update,
    expand: SUBSCRIPTION_EXPAND,
  });
  await syncSubscription({ db, stripe, subscriptionId: subscription.id });
  return describeSubscription(stripe, updated);
}
