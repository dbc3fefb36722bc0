import { type SubscriptionWire, findByLookupKey, findTier } from '@app/domain';
import type Stripe from 'stripe';
import { LIVE_STATUSES, tierOfSubscription } from './sync-subscription.ts';

/** The plan a scheduled change moves to after the current period, from the schedule's phases. */
export async function scheduledTier(
  stripe: Stripe,
  subscription: Stripe.Subscription,
): Promise<string | null> {
  const ref = subscription.schedule;
  if (!ref) return null;
  const schedule = typeof ref === 'string' ? await stripe.subscriptionSchedules.retrieve(ref) : ref;
  if (schedule.status !== 'active' && schedule.status !== 'not_started') return null;
  const periodEnd = subscription.items.data[0]?.current_period_end ?? 0;
  const current = tierOfSubscription(subscription);
  for (const phase of schedule.phases) {
    if (phase.start_date < periodEnd) continue;
    const price = phase.items[0]?.price;
    if (!price) continue;
    const full = typeof price === 'string' ? await stripe.prices.retrieve(price) : price;
    const found = 'lookup_key' in full && full.lookup_key ? findByLookupKey(full.lookup_key) : undefined;
    if (found && 'tier' in found && found.tier !== current) return found.tier;
  }
  return null;
}

/**
 * The discount the next renewals get, by name. A once-only coupon (WELCOME10) discounted the
 * invoice it came with and never a renewal, so it is not shown, whatever Stripe still lists.
 */
function discountOf(subscription: Stripe.Subscription): string | null {
  for (const discount of subscription.discounts) {
    if (typeof discount === 'string') continue;
    const coupon = discount.source?.coupon;
    if (!coupon || typeof coupon === 'string' || coupon.duration === 'once') continue;
    if (discount.end !== null && discount.end <= (subscription.items.data[0]?.current_period_end ?? 0))
      continue;
    return coupon.name ?? coupon.id;
  }
  return null;
}

async function upcomingAmount(
  stripe: Stripe,
  subscription: Stripe.Subscription,
  downgradeTo: string | null,
): Promise<number> {
  if (!LIVE_STATUSES.includes(subscription.status) || subscription.cancel_at_period_end) return 0;
  if (subscription.cancel_at) return 0;
  if (downgradeTo) return findTier(downgradeTo)?.price ?? 0;
  try {
    const preview = await stripe.invoices.createPreview({ subscription: subscription.id });
    return preview.amount_due;
  } catch {
    // No preview (e.g. nothing left to bill): the plan's price is the best estimate.
    return subscription.items.data[0]?.price.unit_amount ?? 0;
  }
}

/** The Subscription of SPEC §3 for a Stripe subscription read with SUBSCRIPTION_EXPAND. */
export async function describeSubscription(
  stripe: Stripe,
  subscription: Stripe.Subscription,
): Promise<SubscriptionWire> {
  const item = subscription.items.data[0];
  const tier = tierOfSubscription(subscription);
  const live = LIVE_STATUSES.includes(subscription.status);
  const downgradeTo = live ? await scheduledTier(stripe, subscription) : null;
  const discountName = discountOf(subscription);
  return {
    subscription_id: subscription.id,
    subscription_status: live && tier ? tier : subscription.status,
    status: subscription.status,
    discounted: discountName !== null,
    discountName,
    actualPrice: item?.price.unit_amount ?? 0,
    upcomingAmount: await upcomingAmount(stripe, subscription, downgradeTo),
    current_period_end: subscription.cancel_at ?? item?.current_period_end ?? 0,
    cancel_at_period_end: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    downgrade_to_subname: downgradeTo,
    gifted: subscription.metadata.gifted === 'true',
  };
}
