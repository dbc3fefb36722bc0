import { type SubscriptionWire, formatCents, formatEpochDate } from '@app/domain';

/** The line under the plan: a scheduled downgrade, a pending cancellation, or the next renewal. */
export function renewalText(subscription: SubscriptionWire): string {
  const date = formatEpochDate(subscription.current_period_end);
  if (subscription.downgrade_to_subname) {
    return `Your plan changes to ${subscription.downgrade_to_subname} on ${date}.`;
  }
  if (subscription.gifted) return `A gift: active until ${date}, then it ends. No card is charged.`;
  if (subscription.cancel_at_period_end) return `Currently Active but cancels on ${date}`;
  // Never a renewal that will not happen: a failing one is said by the notice above the plan.
  if (subscription.status === 'past_due') return `Its renewal failed; the plan stays active while we retry.`;
  if (subscription.status === 'unpaid')
    return `Its renewal could not be charged; pay the open invoice to keep it.`;
  return `Renews on ${date} for $${formatCents(subscription.upcomingAmount)}.`;
}
