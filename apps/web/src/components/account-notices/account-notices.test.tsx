import { accountNotices } from '@app/domain';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AccountNotices } from './account-notices.tsx';

const pastDue = {
  tier: 'Professional Plan',
  status: 'past_due',
  currentPeriodEnd: Date.UTC(2027, 2, 14) / 1000,
  cancelAtPeriodEnd: false,
  gifted: false,
  nextPaymentAttempt: Date.UTC(2027, 1, 20) / 1000,
  endedAt: null,
};

describe('AccountNotices', () => {
  it('says past due with the next try, the dispute hold and the negative balance, with where to act', () => {
    const notices = accountNotices({ credits: -20, hypercredits: 0, disputed: true, plans: [pastDue] });
    render(
      <MemoryRouter>
        <AccountNotices notices={notices} payLink="/subscriptionstatus" creditsLink="/credits" />
      </MemoryRouter>,
    );
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts[0]).toContain(
      'Your payment for the Professional Plan failed. We will try your card again on February 20, 2027',
    );
    expect(alerts[0]).not.toContain('Renews');
    expect(alerts[1]).toContain('disputed with your bank');
    expect(alerts[2]).toContain('you owe 20 credits');
    expect(screen.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', '/subscriptionstatus');
    expect(screen.getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/credits');
  });

  it('says nothing when all is well', () => {
    const { container } = render(
      <MemoryRouter>
        <AccountNotices notices={[]} creditsLink="/credits" />
      </MemoryRouter>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
