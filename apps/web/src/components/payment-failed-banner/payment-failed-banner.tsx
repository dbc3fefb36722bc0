import { type OwnSubscriptionsResult, PAYMENT_FAILED_BANNER } from '@app/domain';
import { Alert } from '@/components/ui/index.ts';

type OwnSubscription = OwnSubscriptionsResult['subscriptions'][number];

/** Whether a paid plan's renewal failed and Stripe is still retrying it (the plan stays meanwhile). */
export const paymentFailing = (subscriptions: OwnSubscription[] | undefined) =>
  !!subscriptions?.some((subscription) => !subscription.gifted && subscription.status === 'past_due');

/**
 * "Your payment failed — update your card", the last words a link to the billing portal where the
 * card is changed (the page opens it: `onUpdateCard`). Nothing while no renewal is failing.
 */
export function PaymentFailedBanner({
  subscriptions,
  onUpdateCard,
  busy = false,
}: {
  subscriptions: OwnSubscription[] | undefined;
  onUpdateCard(): void;
  busy?: boolean;
}) {
  if (!paymentFailing(subscriptions)) return null;
  const [lead, action] = PAYMENT_FAILED_BANNER.split(' — ');
  return (
    <div className="payment-failed-banner">
      <Alert>
        {lead} —{' '}
        <a
          href="#update-card"
          aria-disabled={busy}
          onClick={(event) => {
            event.preventDefault();
            if (!busy) onUpdateCard();
          }}
        >
          {action}
        </a>
      </Alert>
    </div>
  );
}
