import { type Db, listLiveSubscriptionRowsOfTiers } from '@app/db';
import { TIER_OPTIONS, findTier } from '@app/domain';
import type Stripe from 'stripe';
import { grantPurchase } from '../settlement/grant-credits.ts';

const YEARLY_TIERS = TIER_OPTIONS.filter((tier) => tier.grantsPerPeriod > 1).map((tier) => tier.tier);

/** Whole months from `start` to `now` (UTC, the day clamped to the month's end, like Stripe's cycle). */
export function monthsElapsed(start: number, now: number): number {
  const from = new Date(start * 1000);
  let months = 0;
  for (;;) {
    const next = new Date(
      Date.UTC(
        from.getUTCFullYear(),
        from.getUTCMonth() + months + 1,
        1,
        from.getUTCHours(),
        from.getUTCMinutes(),
        from.getUTCSeconds(),
      ),
    );
    const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
    next.setUTCDate(Math.min(from.getUTCDate(), lastDay));
    if (next.getTime() / 1000 > now) return months;
    months++;
  }
}

/**
 * A yearly plan grants its credits month by month, as its card promises: the paid invoice grants
 * the first month (like a monthly plan's), and this grants each later month of a paid period once
 * it has begun, keyed by subscription, period and month, so every run (any process, any number of
 * times) grants each month once. A period not paid (past due) waits until it is. Returns the
 * number of monthly grants made.
 */
export async function grantDueYearlyMonths({
  db,
  stripe,
  now = Math.floor(Date.now() / 1000),
}: {
  db: Db;
  stripe: Stripe;
  now?: number;
}): Promise<number> {
  let granted = 0;
  for (const row of await listLiveSubscriptionRowsOfTiers(db, YEARLY_TIERS)) {
    const tier = findTier(row.tier);
    if (!tier) continue;
    const subscription = await stripe.subscriptions.retrieve(row.id);
    if (subscription.status !== 'active' && subscription.status !== 'trialing') continue;
    const start = subscription.items.data[0]?.current_period_start;
    if (start === undefined) continue;
    const due = Math.min(monthsElapsed(start, now), tier.grantsPerPeriod - 1);
    for (let month = 1; month <= due; month++) {
      const outcome = await grantPurchase({
        db,
        userId: row.userId,
        source: `subscription:${subscription.id}:${start}:month:${month + 1}`,
        credits: tier.credits,
        hypercredits: tier.hypercredits,
        reason: `plan: ${tier.tier} (month ${month + 1} of ${tier.grantsPerPeriod})`,
      });
      if (outcome === 'granted') granted++;
    }
  }
  return granted;
}
