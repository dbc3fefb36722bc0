import type { TierOption } from '@app/domain';
import type Stripe from 'stripe';
import { priceFor } from '../catalog/sync-catalog.ts';

/**
 * Moves a subscription to a lower plan at the end of the current period with a subscription
 * schedule: phase one keeps the current price until the period ends, phase two is the new plan,
 * after which the schedule releases the subscription to renew on it as usual. Nothing is charged or
 * credited now. Returns the date the new plan starts (epoch seconds).
 */
export async function scheduleDowngrade({
  stripe,
  subscription,
  tier,
}: {
  stripe: Stripe;
  subscription: Stripe.Subscription;
  tier: TierOption;
}): Promise<number> {
  const item = subscription.items.data[0]!;
  const periodEnd = item.current_period_end;
  if (subscription.cancel_at_period_end) {
    // Choosing a plan for next period means the user wants to stay: the cancellation is undone.
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
  }
  const ref = subscription.schedule;
  const schedule = ref
    ? typeof ref === 'string'
      ? await stripe.subscriptionSchedules.retrieve(ref)
      : ref
    : await stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
  const price = await priceFor(stripe, tier.lookupKey);
  const startDate = schedule.phases[0]?.start_date ?? item.current_period_start;
  await stripe.subscriptionSchedules.update(schedule.id, {
    end_behavior: 'release',
    phases: [
      {
        items: [{ price: item.price.id, quantity: item.quantity ?? 1 }],
        start_date: startDate,
        end_date: periodEnd,
        proration_behavior: 'none',
      },
      {
        items: [{ price: price.id, quantity: 1 }],
        duration: { interval: tier.ptype === 'Yearly' ? 'year' : 'month', interval_count: 1 },
        proration_behavior: 'none',
      },
    ],
    metadata: { downgradeTo: tier.tier },
  });
  await stripe.subscriptions.update(subscription.id, { metadata: { downgradeTo: tier.tier } });
  return periodEnd;
}
