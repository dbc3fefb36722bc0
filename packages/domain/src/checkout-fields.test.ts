import { describe, expect, it } from 'vitest';
import { CheckoutFields } from './checkout-fields.ts';

const filled = {
  name: ' Ada ',
  email: ' ada@example.com ',
  line1: ' 1 Main St ',
  city: 'Mobile',
  state: 'AL',
  postalCode: ' 36602 ',
  country: 'US',
  coupon: ' WELCOME10 ',
};

describe('CheckoutFields', () => {
  it('takes a filled form and trims what was typed', () => {
    expect(CheckoutFields.parse(filled)).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      line1: '1 Main St',
      city: 'Mobile',
      state: 'AL',
      postalCode: '36602',
      country: 'US',
      coupon: 'WELCOME10',
    });
  });

  it('leaves the coupon optional', () => {
    expect(CheckoutFields.safeParse({ ...filled, coupon: '' }).success).toBe(true);
  });

  it('names each required field that is empty or only spaces', () => {
    const parsed = CheckoutFields.safeParse({
      name: ' ',
      email: '',
      line1: '',
      city: '',
      state: '',
      postalCode: '',
      country: '',
      coupon: '',
    });
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'Name is required'],
      ['email', 'Email is required'],
      ['line1', 'Address is required'],
      ['city', 'City is required'],
      ['state', 'State is required'],
      ['postalCode', 'Postal code is required'],
      ['country', 'Country is required'],
    ]);
  });

  it('refuses an email that is not an address', () => {
    const parsed = CheckoutFields.safeParse({ ...filled, email: 'ada.example.com' });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['Enter a valid email address']);
  });
});
