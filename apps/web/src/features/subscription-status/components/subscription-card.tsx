import { type SubscriptionWire, TIER_OPTIONS, formatCents } from '@app/domain';
import type { CSSProperties } from 'react';
import { Card } from '@/components/ui/index.ts';
import { renewalText } from './renewal-text.ts';
import './subscription-status.css';

/** The tier card: plan, price, discount and the renewal (or cancellation, or downgrade) line. */
export function SubscriptionCard({ subscription }: { subscription: SubscriptionWire }) {
  const tier = TIER_OPTIONS.find((option) => option.tier === subscription.subscription_status);
  const state = subscription.downgrade_to_subname
    ? 'downgrading'
    : subscription.cancel_at_period_end
      ? 'cancelling'
      : 'renewing';
  return (
    <Card className="subscription-card" style={{ '--tier-color': tier?.color } as CSSProperties}>
      <h2 data-testid="subscription-tier">{subscription.subscription_status}</h2>
      {subscription.gifted && <span className="subscription-badge">Gift</span>}
      <p className="subscription-price">
        ${formatCents(subscription.actualPrice)}{' '}
        <span className="muted">/ {tier?.ptype === 'Yearly' ? 'year' : 'month'}</span>
        {subscription.discounted && (
          <span className="subscription-badge"> {subscription.discountName ?? 'Discount'}</span>
        )}
      </p>
      <p className="subscription-renewal" data-state={state} data-testid="subscription-renewal">
        {renewalText(subscription)}
      </p>
    </Card>
  );
}
