import { TIER_OPTIONS } from '@app/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readCheckoutState } from './checkout-state.ts';
import { TierCard } from './tier-card.tsx';

describe('TierCard', () => {
  it('shows a yearly tier as price/12 per month with the monthly cost struck through', () => {
    const yearly = TIER_OPTIONS.find((tier) => tier.tier === 'Professional Plan Yearly')!;
    const { container } = render(
      <TierCard tier={yearly} current={false}>
        <button type="button">Choose</button>
      </TierCard>,
    );
    expect(container.querySelector('s')).toHaveTextContent('$14.99');
    expect(screen.getByText('$11.99')).toBeInTheDocument();
    expect(screen.getByText('Billed $143.90 yearly')).toBeInTheDocument();
  });

  it('shows a monthly tier at its price with nothing struck through', () => {
    const monthly = TIER_OPTIONS.find((tier) => tier.tier === 'Founders Plan')!;
    const { container } = render(
      <TierCard tier={monthly} current>
        {null}
      </TierCard>,
    );
    expect(container.querySelector('s')).toBeNull();
    expect(screen.getByText('$29.99')).toBeInTheDocument();
    expect(screen.getByText('Your current plan')).toBeInTheDocument();
  });
});

describe('readCheckoutState', () => {
  const paymentIntent = {
    id: 'pi_1',
    client_secret: 'pi_1_secret_x',
    customer: 'cus_1',
    amount: 499,
    currency: 'usd',
    metadata: { payment_type: 'Credits' as const, tierType: 'Starter Pack' },
  };
  it('accepts an intent with a known tier index', () => {
    expect(readCheckoutState({ paymentIntent, selectedTierIndex: 0 })).toEqual({
      paymentIntent,
      selectedTierIndex: 0,
    });
  });
  it('refuses a missing intent or an unknown index (the page then goes to /dashboard)', () => {
    expect(readCheckoutState(null)).toBeUndefined();
    expect(readCheckoutState({ selectedTierIndex: 0 })).toBeUndefined();
    expect(readCheckoutState({ paymentIntent, selectedTierIndex: 99 })).toBeUndefined();
  });
});
