import { StripeError } from './errors.ts';

export interface Decline {
  code: string;
  declineCode: string;
  message: string;
  /** The card field Stripe names on the error: `cvc` for `incorrect_cvc`, `exp_month` for `expired_card`. */
  param?: string;
}

/**
 * `authenticate` cards ask for 3-D Secure on every payment; `setup` ones only until a payment set
 * them up for later use, after which off-session charges go through. A `decline` card is refused
 * as soon as it is attached to a customer (Stripe checks it then); `charge_decline` attaches and
 * fails every charge.
 */
export type CardBehavior =
  | { kind: 'succeed' }
  | { kind: 'authenticate'; setup: boolean }
  | ({ kind: 'decline' } & Decline)
  | ({ kind: 'charge_decline' } & Decline);

const declined = (
  declineCode: string,
  message: string,
  code = 'card_declined',
  param?: string,
): CardBehavior => ({
  kind: 'decline',
  code,
  declineCode,
  message,
  ...(param ? { param } : {}),
});

/** Stripe's documented test card numbers and what they do when charged. */
const BEHAVIORS: Record<string, CardBehavior> = {
  '4000002500003155': { kind: 'authenticate', setup: true },
  '4000002760003184': { kind: 'authenticate', setup: false },
  '4000000000003220': { kind: 'authenticate', setup: false },
  '4000000000000341': {
    kind: 'charge_decline',
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
  },
  '4000000000000002': declined('generic_decline', 'Your card was declined.'),
  '4000000000009995': declined('insufficient_funds', 'Your card has insufficient funds.'),
  '4000000000009987': declined('lost_card', 'Your card was declined.'),
  '4000000000009979': declined('stolen_card', 'Your card was declined.'),
  '4000000000000069': declined('expired_card', 'Your card has expired.', 'expired_card', 'exp_month'),
  '4000000000000127': declined(
    'incorrect_cvc',
    "Your card's security code is incorrect.",
    'incorrect_cvc',
    'cvc',
  ),
  '4000000000000119': declined(
    'processing_error',
    'An error occurred while processing your card.',
    'processing_error',
  ),
};

export function behaviorOf(number: string): CardBehavior {
  return BEHAVIORS[number] ?? { kind: 'succeed' };
}

export function brandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  if (/^35/.test(number)) return 'jcb';
  if (/^3(0|6|8)/.test(number)) return 'diners';
  if (/^62/.test(number)) return 'unionpay';
  return 'unknown';
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const cardError = (message: string, code: string, param: string) =>
  new StripeError(402, 'card_error', message, { code, param });

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string | undefined;
}

/** Validates a card like Stripe does when a payment method is created; `now` is unix seconds. */
export function validateCard(card: CardInput, now: number): void {
  if (!/^\d{12,19}$/.test(card.number) || !luhn(card.number)) {
    throw cardError('Your card number is incorrect.', 'incorrect_number', 'card[number]');
  }
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    throw cardError("Your card's expiration month is invalid.", 'invalid_expiry_month', 'card[exp_month]');
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const today = new Date(now * 1000);
  const thisYear = today.getUTCFullYear();
  if (year < thisYear || year > thisYear + 50) {
    throw cardError("Your card's expiration year is invalid.", 'invalid_expiry_year', 'card[exp_year]');
  }
  if (year === thisYear && card.expMonth < today.getUTCMonth() + 1) {
    throw cardError("Your card's expiration date is in the past.", 'invalid_expiry_month', 'card[exp_month]');
  }
  if (card.cvc !== undefined && !/^\d{3,4}$/.test(card.cvc)) {
    throw cardError("Your card's security code is invalid.", 'invalid_cvc', 'card[cvc]');
  }
}
