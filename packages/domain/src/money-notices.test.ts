import { describe, expect, it } from 'vitest';
import { capLevel } from './money-notices.ts';
import { AutoTopUpFormFields, AutoTopUpSettingsBody, autoTopUpFormToBody } from './wire/auto-top-up.ts';

describe('spend caps', () => {
  it('reach 80% and 100% at their shares; no cap, no level', () => {
    expect(capLevel(799, 1000)).toBeNull();
    expect(capLevel(800, 1000)).toBe(80);
    expect(capLevel(999, 1000)).toBe(80);
    expect(capLevel(1000, 1000)).toBe(100);
    expect(capLevel(5000, null)).toBeNull();
  });

  it('the settings form turns dollars into cents and empty caps into none', () => {
    const fields = AutoTopUpFormFields.parse({
      enabled: true,
      package: 'Starter Pack',
      thresholdCredits: 100,
      monthlyCap: '10.5',
      dailyCap: '',
    });
    expect(autoTopUpFormToBody(fields)).toEqual({
      enabled: true,
      package: 'Starter Pack',
      thresholdCredits: 100,
      monthlyCapCents: 1050,
      dailyCreditCap: null,
    });
    expect(AutoTopUpFormFields.safeParse({ ...fields, monthlyCap: '1,000' }).success).toBe(false);
    const negative = AutoTopUpSettingsBody.safeParse({
      ...autoTopUpFormToBody(fields),
      thresholdCredits: -1,
    });
    expect(negative.error?.issues[0]?.message).toBe('The threshold cannot be below 0 credits');
  });
});
