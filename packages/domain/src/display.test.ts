import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatCredits,
  formatEpochDate,
  formatHypercredits,
  yearlyPerMonth,
} from './display.ts';

describe('display rules', () => {
  it('shows credits above 14999 as Unlimited', () => {
    expect(formatCredits(14999)).toBe('14999');
    expect(formatCredits(15000)).toBe('Unlimited');
    expect(formatCredits(0)).toBe('0');
  });
  it('shows hypercredits as 0 when zero or less', () => {
    expect(formatHypercredits(-5)).toBe(0);
    expect(formatHypercredits(0)).toBe(0);
    expect(formatHypercredits(7)).toBe(7);
  });
  it('divides cents by 100 with 2 decimals', () => {
    expect(formatCents(1999)).toBe('19.99');
    expect(formatCents(500)).toBe('5.00');
    expect(formatCents(0)).toBe('0.00');
  });
  it('shows a yearly price as price/12 per month', () => {
    expect(yearlyPerMonth(12000)).toBe('10.00');
    expect(yearlyPerMonth(28790)).toBe('23.99');
  });
  it('formats epoch seconds as a date', () =>
    expect(formatEpochDate(1_700_000_000)).toBe('November 14, 2023'));
});
