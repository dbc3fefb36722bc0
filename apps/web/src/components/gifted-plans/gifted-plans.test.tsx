import { formatEpochDate } from '@app/domain';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GiftedPlans } from './gifted-plans.tsx';

const END = Date.UTC(2026, 5, 30) / 1000;
const plan = (id: string, tier: string, gifted: boolean, end: number | null = END) => ({
  subscription_id: id,
  tier,
  status: 'trialing',
  gifted,
  current_period_end: end,
});

describe('GiftedPlans', () => {
  it('lists only the gifted plans, each with the day it ends', () => {
    render(
      <GiftedPlans
        subscriptions={[
          plan('sub_paid', 'Professional Plan', false),
          plan('sub_g1', 'Founders Plan', true),
          plan('sub_g2', 'Founders Plan Yearly', true, null),
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Gifted plans' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `Gift: Founders Plan, until ${formatEpochDate(END)}`,
      'Gift: Founders Plan Yearly',
    ]);
  });

  it('leaves out the plan shown elsewhere on the page', () => {
    render(
      <GiftedPlans
        subscriptions={[plan('sub_g1', 'Founders Plan', true), plan('sub_g2', 'Professional Plan', true)]}
        except="sub_g1"
      />,
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `Gift: Professional Plan, until ${formatEpochDate(END)}`,
    ]);
  });

  it('shows nothing without a gifted plan, or before the plans have loaded', () => {
    const { rerender } = render(<GiftedPlans subscriptions={[plan('sub_paid', 'Founders Plan', false)]} />);
    expect(screen.queryByRole('list', { name: 'Gifted plans' })).not.toBeInTheDocument();
    rerender(<GiftedPlans subscriptions={undefined} />);
    expect(screen.queryByRole('list', { name: 'Gifted plans' })).not.toBeInTheDocument();
  });
});
