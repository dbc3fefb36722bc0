import type { Db, UserRow } from '@app/db';
import type { SubscriptionWire } from '@app/domain';
import type Stripe from 'stripe';
import { describeSubscription } from './describe-subscription.ts';
import { loadOwnSubscription } from './load-own-subscription.ts';

/** The Subscription of SPEC §3, read from Stripe (own subscriptions only; admins any). */
export async function getSubscriptionDetails(options: {
  db: Db;
  stripe: Stripe;
  user: UserRow;
  subscriptionId: string;
}): Promise<SubscriptionWire> {
  return describeSubscription(options.stripe, await loadOwnSubscription(options));
}
