import { type TierOption, formatCents, yearlyPerMonth } from '@app/domain';
import type { CSSProperties, ReactNode } from 'react';

/** One plan: yearly tiers show price/12 per month with the monthly cost struck through. */
export function TierCard({
  tier,
  current,
  children,
}: {
  tier: TierOption;
  current: boolean;
  children: ReactNode;
}) {
  return (
    <article className="tier-card" style={{ '--tier-color': tier.color } as CSSProperties}>
      <h2>{tier.tier}</h2>
      {current && <p className="tier-current">Your current plan</p>}
      {tier.ptype === 'Yearly' ? (
        <p className="tier-price">
          <s className="tier-old" aria-label={`was $${formatCents(tier.oCost)} per month`}>
            ${formatCents(tier.oCost)}
          </s>{' '}
          <span className="tier-amount">${yearlyPerMonth(tier.price)}</span>{' '}
          <span className="muted">/ month</span>
          <span className="tier-billed">Billed ${formatCents(tier.price)} yearly</span>
        </p>
      ) : (
        <p className="tier-price">
          <span className="tier-amount">${formatCents(tier.price)}</span>{' '}
          <span className="muted">/ month</span>
        </p>
      )}
      <div className="tier-details" dangerouslySetInnerHTML={{ __html: tier.details }} />
      {children}
    </article>
  );
}
