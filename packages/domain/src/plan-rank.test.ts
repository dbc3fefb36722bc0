import { describe, expect, it } from 'vitest';
import { PLAN_RANK, decidePlanChange, planRank } from './plan-rank.ts';

const ORDER = [
  'Founders Image Only Plan',
  'Founders Plan',
  'Professional Plan',
  'Founders Image Only Plan Yearly',
  'Founders Plan Yearly',
  'Professional Plan Yearly',
  'free',
];

describe('plan rank', () => {
  it('orders plans highest first, yearly versions after, free last', () => {
    expect([...PLAN_RANK, 'free']).toEqual(ORDER);
  });
  it('decides upgrade, downgrade or same for every pair', () => {
    for (const [i, current] of ORDER.entries()) {
      for (const [j, selected] of ORDER.entries()) {
        const expected = i === j ? 'same' : j < i ? 'upgrade' : 'downgrade';
        expect(decidePlanChange(current, selected), `${current} → ${selected}`).toBe(expected);
      }
    }
  });
  it('sorts by rank with free and unknown plans last', () => {
    const shuffled = ['free', 'Gold', ...ORDER.slice(0, -1).reverse()];
    expect(shuffled.sort((a, b) => planRank(a) - planRank(b))).toEqual([
      ...ORDER.slice(0, -1),
      'free',
      'Gold',
    ]);
  });
  it('refuses unknown plans', () => expect(() => decidePlanChange('free', 'Gold')).toThrow(RangeError));
});
