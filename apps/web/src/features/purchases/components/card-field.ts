import { useEffect, useState } from 'react';

export interface BillingDetails {
  name: string;
  email: string;
  address: { line1: string; city: string; state: string; postal_code: string; country: string };
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * What the checkout form needs from a card field, whether it is Stripe Elements or the emulator's
 * inputs: make a payment method, finish a card authentication, and clear itself.
 */
export interface CardController {
  createPaymentMethod(billing: BillingDetails): Promise<Outcome<string>>;
  /** Runs the card's authentication step; resolves with the intent's status afterwards. */
  handleCardAction(clientSecret: string): Promise<Outcome<string>>;
  clear(): void;
}

export interface CardFieldProps {
  fontSize: number;
  disabled: boolean;
  onReady(controller: CardController): void;
  /** `empty` drives the pay button; `error` is a card problem to show in the alert area. */
  onChange(state: { empty: boolean; error: string | null }): void;
}

/**
 * Why a card authentication (3-D Secure) did not go through, in words for the payer: Stripe's own
 * message for it is written for developers ("provide payment_method_data…").
 */
export const AUTHENTICATION_DECLINED =
  'Your bank did not confirm this payment. Try again, or use a different card.';

export function authenticationErrorText(error: { code?: string; message?: string }): string {
  if (!error.code || error.code === 'payment_intent_authentication_failure') return AUTHENTICATION_DECLINED;
  return error.message ?? AUTHENTICATION_DECLINED;
}

/** The card text is 16px on screens under 450px wide, 18px otherwise. */
export function useCardFontSize(): number {
  const query = '(max-width: 449.98px)';
  const [narrow, setNarrow] = useState(() => window.matchMedia?.(query).matches ?? window.innerWidth < 450);
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return;
    const update = () => setNarrow(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, []);
  return narrow ? 16 : 18;
}
