import { describe, expect, it } from 'vitest';
import {
  BASE_PLAN_NAMES,
  CREDIT_PACKAGES,
  TIER_OPTIONS,
  findCreditPackage,
  findTier,
  yearlySaving,
} from './catalog.ts';

describe('catalog', () => {
  it('offers every plan monthly and yearly', () => {
    for (const plan of BASE_PLAN_NAMES) {
      expect(findTier(plan, 'Monthly')?.tier).toBe(plan);
      expect(findTier(plan, 'Yearly')?.tier).toBe(`${plan} Yearly`);
    }
    expect(TIER_OPTIONS).toHaveLength(6);
  });
  it('prices are positive integer cents and yearly is cheaper than twelve months', () => {
    for (const option of TIER_OPTIONS) {
      expect(Number.isInteger(option.price) && option.price > 0).toBe(true);
      if (option.ptype === 'Yearly') expect(option.price).toBeLessThan(option.oCost * 12);
    }
  });
  it('has at least three credit packages, each granting something', () => {
    expect(CREDIT_PACKAGES.length).toBeGreaterThanOrEqual(3);
    for (const pack of CREDIT_PACKAGES) expect(pack.credits + pack.hypercredits).toBeGreaterThan(0);
    expect(findCreditPackage('Starter Pack')?.credits).toBe(500);
    expect(findCreditPackage('Nope')).toBeUndefined();
  });
  it('has unique lookup keys', () => {
    const keys = [...TIER_OPTIONS, ...CREDIT_PACKAGES].map((item) => item.lookupKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
  it('writes the plan texts from its numbers: credits every month, the yearly saving', () => {
    const yearly = findTier('Professional Plan Yearly')!;
    const monthly = findTier('Professional Plan')!;
    expect(yearly).toMatchObject({
      credits: monthly.credits,
      hypercredits: monthly.hypercredits,
      grantsPerPeriod: 12,
    });
    expect(monthly.grantsPerPeriod).toBe(1);
    expect(yearly.details).toContain('2,500 credits every month');
    const { percentOff, monthsFree } = yearlySaving(monthly.price, yearly.price);
    expect(monthsFree).toBeCloseTo((monthly.price * 12 - yearly.price) / monthly.price, 1);
    expect(yearly.details).toContain(`${percentOff}% off twelve monthly payments, ${monthsFree} months free`);
    expect(yearly.details).not.toContain('Two months free');
    // Past the Unlimited threshold the card says Unlimited, as the dashboard will.
    expect(findTier('Founders Image Only Plan')!.details).toContain('Unlimited image generation');
    expect(findTier('Founders Plan')!.details).toContain('6,000 credits every month');
  });
  it('finds a tier by its full yearly name', () =>
    expect(findTier('Founders Plan Yearly')?.ptype).toBe('Yearly'));
});
