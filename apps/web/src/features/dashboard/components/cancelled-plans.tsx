import { type OwnSubscriptionsResult, formatEpochDate } from '@app/domain';

/** Paid plans cancelled (here or in the billing portal), each with the day it ends. */
export function CancelledPlans({
  subscriptions,
}: {
  subscriptions: OwnSubscriptionsResult['subscriptions'] | undefined;
}) {
  const cancelled = (subscriptions ?? []).filter((plan) => !plan.gifted && plan.cancel_at_period_end);
  if (cancelled.length === 0) return null;
  return (
    <ul className="cancelled-plans" aria-label="Cancelled plans">
      {cancelled.map((plan) => (
        <li key={plan.subscription_id} data-testid="cancelled-plan">
          {plan.current_period_end
            ? `Cancelled: your ${plan.tier} ends on ${formatEpochDate(plan.current_period_end)}.`
            : `Cancelled: your ${plan.tier} ends at the end of this period.`}
        </li>
      ))}
    </ul>
  );
}
