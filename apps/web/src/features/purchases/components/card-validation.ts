/**
 * Inline checks of the emulator's card inputs, with Stripe Elements' wording, so the embedded card
 * field tells the payer what is wrong before they press Pay. `final` is true once the field is
 * left: a half-typed value is only an error then.
 */
export type CardCheck = (value: string, final: boolean, now?: Date) => string | null;

const digitsOf = (value: string) => value.replace(/\D/g, '');

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export const checkCardNumber: CardCheck = (value, final) => {
  const digits = digitsOf(value);
  if (digits.length < 16) return final ? 'Your card number is incomplete.' : null;
  return passesLuhn(digits) ? null : 'Your card number is invalid.';
};

export const checkExpiry: CardCheck = (value, final, now = new Date()) => {
  const digits = digitsOf(value);
  if (digits.length >= 2) {
    const month = Number(digits.slice(0, 2));
    if (month < 1 || month > 12) return "Your card's expiration month is invalid.";
  }
  if (digits.length < 4) return final ? "Your card's expiration date is incomplete." : null;
  const month = Number(digits.slice(0, 2));
  const year = 2000 + Number(digits.slice(2, 4));
  const thisYear = now.getFullYear();
  if (year < thisYear) return "Your card's expiration year is in the past.";
  if (year === thisYear && month < now.getMonth() + 1) return "Your card's expiration date is in the past.";
  return null;
};

export const checkCvc: CardCheck = (value, final) =>
  digitsOf(value).length < 3 && final ? "Your card's security code is incomplete." : null;
