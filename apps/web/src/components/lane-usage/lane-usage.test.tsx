import type { LaneUsageWire } from '@app/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LaneUsage } from './lane-usage.tsx';

const usage: LaneUsageWire = {
  lane: 'relax',
  relaxWhenOut: true,
  lanes: ['fast', 'relax', 'turbo'],
  periodStart: '2027-03-04T10:00:00.000Z',
  spent: { fast: { credits: 120, hypercredits: 5 }, turbo: { credits: 16, hypercredits: 0 } },
  relax: { period: 31, today: 7, dailyCap: 50 },
};

describe('LaneUsage', () => {
  it('shows the mode, the credits spent in fast and turbo since the renewal, and relax jobs against the cap', () => {
    render(<LaneUsage usage={usage} />);
    expect(screen.getByTestId('lane').textContent).toBe('Relax');
    expect(screen.getByText('Since March 4')).toBeTruthy();
    expect(screen.getByTestId('lane-spent').textContent).toBe(
      'Spent this period: fast 120 credits and 5 hypercredits · turbo 16 credits',
    );
    expect(screen.getByTestId('lane-relax').textContent).toBe('Relax jobs this period: 31 · today 7 of 50');
  });

  it('says nothing of relax on a plan without it', () => {
    render(
      <LaneUsage
        usage={{ ...usage, lane: 'fast', lanes: ['fast'], relax: { period: 0, today: 0, dailyCap: null } }}
      />,
    );
    expect(screen.queryByTestId('lane-relax')).toBeNull();
    expect(screen.getByTestId('lane').textContent).toBe('Fast');
  });
});
