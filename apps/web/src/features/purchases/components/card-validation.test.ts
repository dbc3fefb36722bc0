import { describe, expect, it } from 'vitest';
import { checkCardNumber, checkCvc, checkExpiry } from './card-validation.ts';

const now = new Date(2026, 10, 22);

describe('card field checks', () => {
  it('flags a wrong card number as soon as it is complete, a short one once the field is left', () => {
    expect(checkCardNumber('4242 4242 4242 4242', false)).toBeNull();
    expect(checkCardNumber('4242 4242 4242 4241', false)).toBe('Your card number is invalid.');
    expect(checkCardNumber('4242 4242', false)).toBeNull();
    expect(checkCardNumber('4242 4242', true)).toBe('Your card number is incomplete.');
  });

  it('flags a bad month while typing, a past date, and a half-typed date once left', () => {
    expect(checkExpiry('13', false, now)).toBe("Your card's expiration month is invalid.");
    expect(checkExpiry('12 / 2', false, now)).toBeNull();
    expect(checkExpiry('12 / 2', true, now)).toBe("Your card's expiration date is incomplete.");
    expect(checkExpiry('12 / 25', false, now)).toBe("Your card's expiration year is in the past.");
    expect(checkExpiry('10 / 26', false, now)).toBe("Your card's expiration date is in the past.");
    expect(checkExpiry('11 / 26', true, now)).toBeNull();
  });

  it('asks for the whole security code once the field is left', () => {
    expect(checkCvc('12', false)).toBeNull();
    expect(checkCvc('12', true)).toBe("Your card's security code is incomplete.");
    expect(checkCvc('123', true)).toBeNull();
  });
});
