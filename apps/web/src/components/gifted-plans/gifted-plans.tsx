import { type OwnSubscriptionsResult, giftedPlanText } from '@app/domain';
import './gifted-plans.css';

type OwnSubscription = OwnSubscriptionsResult['subscriptions'][number];

/**
 * The user's running gifted plans, each with the date it ends: a gift redeemed while on a paid
 * plan runs beside it, and this is where it shows. `except` leaves out one shown elsewhere on the
 * page (the status page's card).
 */
export function GiftedPlans({
  subscriptions,
  except,
}: {
  subscriptions: OwnSubscription[] | undefined;
  except?: string;
}) {
  const gifts = (subscriptions ?? []).filter(
    (subscription) => subscription.gifted && subscription.subscription_id !== except,
  );
  if (gifts.length === 0) return null;
  return (
    <ul className="gifted-plans" aria-label="Gifted plans">
      {gifts.map((gift) => (
        <li key={gift.subscription_id} data-testid="gifted-plan">
          {giftedPlanText(gift.tier, gift.current_period_end)}
        </li>
      ))}
    </ul>
  );
}
