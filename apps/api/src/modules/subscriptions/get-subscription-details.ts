import type { SubscriptionWire } from '@app/domain';
import { describeSubscription } from './describe-subscription.ts';
import { type OwnSubscriptionOptions, loadOwnSubscription } from './load-own-subscription.ts';

/** The Subscription of SPEC §3, read from Stripe (own subscriptions only; admins any). */
export async function getSubscriptionDetails(options: OwnSubscriptionOptions): Promise<SubscriptionWire> {
  return describeSubscription(options.stripe, await loadOwnSubscription(options));
}
