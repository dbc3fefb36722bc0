import type { SubscriptionWire } from '@app/domain';
import { syncSubscription } from './sync-subscription.ts';
import { describeSubscription } from './describe-subscription.ts';
import { type OwnSubscriptionOptions, loadOwnSubscription } from './load-own-subscription.ts';

/**
 * Re-reads a subscription from Stripe into our copy and the owner's subscription_status, for when a
 * webhook is late or was missed. Answers the fresh Subscription.
 */
export async function refreshSubscription(options: OwnSubscriptionOptions): Promise<SubscriptionWire> {
  const subscription = await loadOwnSubscription(options);
  await syncSubscription({ db: options.db, stripe: options.stripe, subscriptionId: subscription.id });
  return describeSubscription(options.stripe, subscription);
}
