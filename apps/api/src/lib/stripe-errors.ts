import Stripe from 'stripe';
import { AppError } from './errors.ts';

/** Words a customer understands for Stripe's codes; Stripe's own text goes to the log only. */
const CARD_MESSAGES: Record<string, string> = {
  insufficient_funds: 'Your card has insufficient funds. Try another card.',
  lost_card: 'Your card was declined. Try another card or contact your bank.',
  stolen_card: 'Your card was declined. Try another card or contact your bank.',
  expired_card: 'Your card has expired. Check the expiry date or use another card.',
  incorrect_cvc: "Your card's security code is incorrect.",
  invalid_cvc: "Your card's security code is incorrect.",
  incorrect_number: 'Your card number is incorrect.',
  invalid_number: 'Your card number is incorrect.',
  invalid_expiry_month: "Your card's expiry month is invalid.",
  invalid_expiry_year: "Your card's expiry year is invalid.",
  authentication_required: 'Your bank asks you to confirm this payment. Try again and complete the check.',
  payment_intent_authentication_failure: 'The card check with your bank did not succeed. Try again.',
  processing_error: 'Your card could not be charged just now. Try again in a moment.',
};

const COUPON_CODES = new Set([
  'coupon_expired',
  'promotion_code_invalid',
  'promotion_code_customer_not_first_time',
]);

const DECLINED = 'Your card was declined. Try another card or contact your bank.';

/** The code of ours for a card problem, so the page can say what to do next. */
function cardCode(code: string): string {
  if (code === 'authentication_required' || code === 'payment_intent_authentication_failure') {
    return 'CARD_AUTHENTICATION_REQUIRED';
  }
  if (code === 'expired_card') return 'CARD_EXPIRED';
  if (code.includes('cvc') || code.includes('number') || code.includes('expiry')) return 'CARD_INVALID';
  return 'CARD_DECLINED';
}

/**
 * Our `{code, message}` for an error Stripe raised, or undefined for errors that are ours to fix
 * (outages, bad keys, our own bad requests): those stay 5xx and say nothing about Stripe.
 */
export function mapStripeError(error: unknown): AppError | undefined {
  if (!(error instanceof Stripe.errors.StripeError)) return undefined;
  const code =
    error.decline_code && CARD_MESSAGES[error.decline_code] ? error.decline_code : (error.code ?? '');
  if (error.type === 'StripeCardError') {
    return new AppError(cardCode(code), {
      status: 402,
      message: CARD_MESSAGES[code] ?? DECLINED,
      cause: error,
    });
  }
  if (code && CARD_MESSAGES[code] && error.type === 'StripeInvalidRequestError') {
    return new AppError(cardCode(code), { status: 402, message: CARD_MESSAGES[code], cause: error });
  }
  const param = error.param ?? '';
  if (
    COUPON_CODES.has(code) ||
    code.startsWith('promotion_code_') ||
    param.includes('coupon') ||
    param.includes('promotion_code') ||
    param.startsWith('discounts')
  ) {
    return new AppError('INVALID_COUPON', {
      status: 400,
      message: 'That coupon cannot be used for this purchase.',
      cause: error,
    });
  }
  if (error.type === 'StripeRateLimitError') {
    return new AppError('PAYMENTS_BUSY', {
      status: 503,
      message: 'Payments are busy. Try again in a moment.',
    });
  }
  return undefined;
}

/** The text the card form shows for a card problem the confirmation reported. */
export function cardErrorMessage(error: Stripe.errors.StripeError): string {
  return mapStripeError(error)?.message ?? DECLINED;
}
