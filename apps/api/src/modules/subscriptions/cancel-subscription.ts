import type { Db, UserRow } from '@app/db';
import type { SubscriptionWire } from '@app/domain';
import type Stripe from 'stripe';
import { AppError } from '../../lib/errors.ts';
import { LIVE_STATUSES, syncSubscription } from '../billing/sync-subscription.ts';
import { describeSubscription } from './describe-subscription.ts';
import { SUBSCRIPTION_EXPAND, loadOwnSubscription } from './load-own-subscription.ts';

export const subscriptionEnded = () =>
  new AppError('SUBSCRIPTION_ENDED', { status: 409, message: 'This subscription has already ended' });

/**
 * Cancels at the end of the current period: the plan stays until then and is not renewed. A
 * scheduled downgrade is dropped first (Stripe does not let a schedule-managed subscription change
 * its cancellation), so the subscription simply ends on that date.
 */
export async function cancelSubscription(options: {
  db: Db;
  stripe: Stripe;
  user: UserRow;
  subscriptionId: string;
}): Promise<SubscriptionWire> {
  const { db, stripe } = options;
  const subscription = await loadOwnSubscription(options);
  if (!LIVE_STATUSES.includes(subscription.status)) throw subscriptionEnded();
  const schedule = subscription.schedule;
  if (schedule) {
    await stripe.subscriptionSchedules.release(typeof schedule === 'string' ? schedule : schedule.id);
  }
  const updated = await stripe.subscriptions.update(subscription.id, {
    cancel_at_period_end: true,
    metadata: { downgradeTo: '' },
    expand: SUBSCRIPTION_EXPAND,
  });
  await syncSubscription({ db, stripe, subscriptionId: subscription.id });
  return describeSubscription(stripe, updated);
}
