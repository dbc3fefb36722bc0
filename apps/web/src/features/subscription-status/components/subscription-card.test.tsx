import type { SubscriptionWire } from '@app/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SubscriptionCard } from './subscription-card.tsx';

const base: SubscriptionWire = {
  subscription_id: 'sub_1',
  subscription_status: 'Founders Plan',
  status: 'active',
  discounted: false,
  discountName: null,
  actualPrice: 2999,
  upcomingAmount: 2999,
  current_period_end: Date.UTC(2026, 2, 5, 12) / 1000,
  cancel_at_period_end: false,
  downgrade_to_subname: null,
  gifted: false,
};

describe('SubscriptionCard', () => {
  it('shows the plan, its price and when it renews', () => {
    render(<SubscriptionCard subscription={base} />);
    expect(screen.getByRole('heading', { name: 'Founders Plan' })).toBeInTheDocument();
    expect(screen.getByTestId('subscription-renewal')).toHaveTextContent(
      'Renews on March 5, 2026 for $29.99.',
    );
  });

  it("says 'Currently Active but cancels on {date}' while cancelling", () => {
    render(<SubscriptionCard subscription={{ ...base, cancel_at_period_end: true, upcomingAmount: 0 }} />);
    expect(screen.getByTestId('subscription-renewal')).toHaveTextContent(
      'Currently Active but cancels on March 5, 2026',
    );
  });

  it('shows a scheduled downgrade with its date, and a gift and a discount as such', () => {
    render(
      <SubscriptionCard
        subscription={{
          ...base,
          downgrade_to_subname: 'Professional Plan',
          gifted: true,
          discounted: true,
          discountName: 'Welcome 10% off',
        }}
      />,
    );
    expect(screen.getByTestId('subscription-renewal')).toHaveTextContent(
      'Your plan changes to Professional Plan on March 5, 2026.',
    );
    expect(screen.getByText('Gift')).toBeInTheDocument();
    expect(screen.getByText('Welcome 10% off')).toBeInTheDocument();
  });
});
