import { type MoneyState, accountNotices } from '@app/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AccountNotices } from './account-notices.tsx';

const money = (over: Partial<MoneyState> = {}): MoneyState => ({
  topUp: {
    enabled: true,
    state: 'waiting',
    packageName: 'Starter Pack',
    priceCents: 499,
    cardLast4: '3184',
    offReason: null,
    cappedThisMonth: false,
  },
  monthlyCapCents: 1000,
  spentThisMonthCents: 998,
  monthEnds: Date.UTC(2027, 1, 1) / 1000,
  dailyCreditCap: null,
  creditsSpentToday: 0,
  ...over,
});

describe('auto top-up and cap notices', () => {
  it('a waiting top-up asks to confirm with the bank; the cap at 80% links the settings', async () => {
    const onAuthenticate = vi.fn();
    const notices = accountNotices({
      credits: 50,
      hypercredits: 0,
      disputed: false,
      plans: [],
      money: money(),
    });
    render(
      <MemoryRouter>
        <AccountNotices
          notices={notices}
          creditsLink="/credits"
          topUpLink="/autotopup"
          onAuthenticate={onAuthenticate}
        />
      </MemoryRouter>,
    );
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts[0]).toContain('Your auto top-up (Starter Pack, $4.99) is waiting for your bank');
    expect(alerts[1]).toContain('You have spent $9.98 of your $10.00 monthly spending cap (80% or more).');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirm with your bank' }));
    expect(onAuthenticate).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Auto top-up and caps' }).getAttribute('href')).toBe(
      '/autotopup',
    );
  });

  it('a cap that stopped a top-up is reached; a declined card says auto top-up is off', () => {
    const capped = accountNotices({
      credits: 50,
      hypercredits: 0,
      disputed: false,
      plans: [],
      money: money({
        topUp: {
          ...money().topUp!,
          state: 'armed',
          enabled: false,
          offReason: 'your card ending 0341 was declined.',
          cappedThisMonth: true,
        },
      }),
    });
    expect(capped.map((n) => n.kind)).toEqual(['topUpOff', 'monthlyCap']);
    expect(capped[0]!.text).toBe(
      'Auto top-up is off: your card ending 0341 was declined. Save another card and turn auto top-up on again.',
    );
    expect(capped[1]!.text).toContain('You have reached your monthly spending cap of $10.00');
  });
});
