import {
  type Db,
  LIVE_SUBSCRIPTION_STATUSES,
  findUserById,
  listLiveSubscriptionRows,
  publishPlanChange,
  updateUser,
  upsertSubscription,
} from '@app/db';
import { FREE_PLAN, findByLookupKey, planRank } from '@app/domain';
import type Stripe from 'stripe';
import { customerIdOf } from '../customers/access.ts';
import { findUserByCustomer } from '../customers/ensure-customer.ts';
import { planStatusOf } from './plan-status.ts';

/** Stripe statuses under which the user has the plan. */
export const LIVE_STATUSES = LIVE_SUBSCRIPTION_STATUSES;

/** The catalog tier a subscription is on, from its price's lookup key. */
export function tierOfSubscription(subscription: Stripe.Subscription): string | undefined {
  for (const item of subscription.items.data) {
    const found = item.price.lookup_key ? findByLookupKey(item.price.lookup_key) : undefined;
    if (found && 'tier' in found) return found.tier;
  }
  return undefined;
}

/**
 * Re-reads a subscription from Stripe into our copy, then recomputes the owner's
 * subscription_status and cancel flag from all their live subscriptions. Safe to run any number
 * of times, in any order: it only ever writes what Stripe says now.
 */
export async function syncSubscription({
  db,
  stripe,
  subscriptionId,
}: {
  db: Db;
  stripe: Stripe;
  subscriptionId: string;
}): Promise<{ userId: string; tier: string } | undefined> {
  const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] });
  const user = subscription.metadata.userId
    ? await findUserById(db, subscription.metadata.userId)
    : await findUserByCustomer(db, customerIdOf(subscription.customer));
  const tier = tierOfSubscription(subscription);
  if (!user || !tier) return undefined;

  const periodEnd = subscription.items.data[0]?.current_period_end;
  const values = {
    userId: user.id,
    tier,
    status: planStatusOf(subscription),
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    // A downgrade that has taken effect leaves its target equal to the plan: nothing is pending.
    downgradeTo:
      subscription.metadata.downgradeTo && subscription.metadata.downgradeTo !== tier
        ? subscription.metadata.downgradeTo
        : null,
    gifted: subscription.metadata.gifted === 'true',
    nextPaymentAttempt: nextAttemptOf(subscription),
  };
  await upsertSubscription(db, { id: subscription.id, ...values });
  await refreshUserPlan({ db, userId: user.id });
  return { userId: user.id, tier };
}

/** While Stripe retries a failed renewal, when it tries next (needs `latest_invoice` expanded). */
function nextAttemptOf(subscription: Stripe.Subscription): Date | null {
  const invoice = subscription.latest_invoice;
  if (subscription.status !== 'past_due' || !invoice || typeof invoice === 'string') return null;
  return invoice.status === 'open' && invoice.next_payment_attempt
    ? new Date(invoice.next_payment_attempt * 1000)
    : null;
}

/** The user's live subscriptions from our copy, the best plan first. */
export async function listLiveSubscriptions({ db, userId }: { db: Db; userId: string }) {
  const live = await listLiveSubscriptionRows(db, userId);
  return live.sort((a, b) => planRank(a.tier) - planRank(b.tier));
}

/** Sets the user's subscription_status to their best live plan (free when none). */
export async function refreshUserPlan({ db, userId }: { db: Db; userId: string }): Promise<void> {
  const [best] = await listLiveSubscriptions({ db, userId });
  const before = await findUserById(db, userId);
  const plan = best?.tier ?? FREE_PLAN;
  await updateUser(db, userId, {
    subscriptionStatus: plan,
    cancelFlag: best?.cancelAtPeriodEnd ? '1' : '0',
  });
  // Every process hears it: the member's Discord role follows the plan (plan-roles.ts).
  if (before && before.subscriptionStatus !== plan) await publishPlanChange(db, userId);
}
