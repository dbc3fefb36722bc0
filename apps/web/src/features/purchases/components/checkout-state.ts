import {
  CREDIT_PACKAGES,
  type PaymentIntentWire,
  TIER_OPTIONS,
  formatCents,
  yearlyPerMonth,
  paysFor,
} from '@app/domain';

/** The navigation state /checkout needs: the intent and the index of the chosen tier or package. */
export interface CheckoutState {
  paymentIntent: PaymentIntentWire;
  selectedTierIndex: number;
}

export function readCheckoutState(state: unknown): CheckoutState | undefined {
  const value = state as Partial<CheckoutState> | null | undefined;
  const intent = value?.paymentIntent;
  if (!intent || typeof intent.id !== 'string' || typeof intent.client_secret !== 'string') return undefined;
  if (!Number.isInteger(value.selectedTierIndex)) return undefined;
  return describePurchase(value as CheckoutState) ? (value as CheckoutState) : undefined;
}

/** What is being bought, for the order summary. */
export function describePurchase({ paymentIntent, selectedTierIndex }: CheckoutState) {
  if (paysFor(paymentIntent.metadata, 'creditPackage')) {
    const pack = CREDIT_PACKAGES[selectedTierIndex];
    return pack && { name: pack.name, price: `$${formatCents(pack.price)}`, note: 'One-time purchase' };
  }
  const tier = TIER_OPTIONS[selectedTierIndex];
  if (!tier) return undefined;
  return tier.ptype === 'Yearly'
    ? {
        name: tier.tier,
        price: `$${formatCents(tier.price)} / year`,
        note: `$${yearlyPerMonth(tier.price)} per month, renews yearly`,
      }
    : { name: tier.tier, price: `$${formatCents(tier.price)} / month`, note: 'Renews monthly' };
}
