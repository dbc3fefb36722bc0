import { describe, expect, it } from 'vitest';
import { CheckoutSessionForm, CreatePaymentIntentBody } from './wire/payment.ts';
import {
  CARD_PURCHASE_TYPES,
  PAYMENT_KINDS,
  PURCHASE_TYPES,
  paymentKindOf,
  paysFor,
} from './payment-kinds.ts';

describe('payment kinds', () => {
  it('names each kind once on the wire and finds it back', () => {
    expect(PURCHASE_TYPES).toEqual(['Credits', 'Subscription', 'Gift', 'TopUp']);
    for (const kind of Object.keys(PAYMENT_KINDS) as (keyof typeof PAYMENT_KINDS)[]) {
      expect(paymentKindOf(PAYMENT_KINDS[kind].type)).toBe(kind);
    }
    expect(paymentKindOf('Refund')).toBeUndefined();
    expect(paymentKindOf(undefined)).toBeUndefined();
  });

  it('reads the kind from Stripe metadata', () => {
    expect(paysFor({ payment_type: 'Credits' }, 'creditPackage')).toBe(true);
    expect(paysFor({ payment_type: 'Credits' }, 'plan')).toBe(false);
    expect(paysFor(null, 'creditPackage')).toBe(false);
  });

  it('lets the card form pay only for kinds with a card call', () => {
    expect(CARD_PURCHASE_TYPES).toEqual(['Credits', 'Subscription']);
    expect(PAYMENT_KINDS.gift.cardPath).toBeNull();
    const body = { tierType: 'Starter Pack' };
    expect(CreatePaymentIntentBody.safeParse({ ...body, purchaseType: 'Credits' }).success).toBe(true);
    expect(CreatePaymentIntentBody.safeParse({ ...body, purchaseType: 'Gift' }).success).toBe(false);
    expect(CheckoutSessionForm.safeParse({ ...body, purchaseType: 'Gift' }).success).toBe(true);
  });

  it('finds each kind’s product in its catalog', () => {
    expect(PAYMENT_KINDS.creditPackage.find('Starter Pack')?.price).toBe(499);
    expect(PAYMENT_KINDS.plan.find('Founders Plan', 'Yearly')?.tier).toBe('Founders Plan Yearly');
    expect(PAYMENT_KINDS.creditPackage.find('Founders Plan')).toBeUndefined();
  });
});
