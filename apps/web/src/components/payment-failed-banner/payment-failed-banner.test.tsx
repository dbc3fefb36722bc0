import { PAYMENT_FAILED_BANNER } from '@app/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PaymentFailedBanner } from './payment-failed-banner.tsx';

const plan = (status: string, gifted = false) => ({
  subscription_id: `sub_${status}`,
  tier: 'Professional Plan',
  status,
  gifted,
  current_period_end: null,
});

describe('PaymentFailedBanner', () => {
  it('asks for a new card while a paid renewal is being retried, linking the portal', () => {
    const onUpdateCard = vi.fn();
    render(<PaymentFailedBanner subscriptions={[plan('past_due')]} onUpdateCard={onUpdateCard} />);
    expect(screen.getByRole('alert').textContent).toBe(PAYMENT_FAILED_BANNER);
    fireEvent.click(screen.getByRole('link', { name: 'update your card' }));
    expect(onUpdateCard).toHaveBeenCalledOnce();
  });

  it('says nothing for plans that are paid up, or gifts', () => {
    render(
      <PaymentFailedBanner
        subscriptions={[plan('active'), plan('past_due', true)]}
        onUpdateCard={() => {}}
      />,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
