import { type CreditPackage, type TierOption, findCreditPackage, findTier } from './catalog.ts';

/**
 * Every kind of product a payment buys, once. `type` is its name on the wire: the `purchaseType` of
 * the purchase calls and the `payment_type` metadata on Stripe objects (SPEC §3). The wire schemas,
 * the checkout, the settlement's grants and the payment history read this table; a new kind of
 * product is an entry here, its catalog, and one grant function in the API's settlement module.
 */
export const PAYMENT_KINDS = {
  creditPackage: {
    type: 'Credits',
    /** Paid with the card form on /checkout, through this call. */
    cardPath: 'api/payment/process_single',
    /** Its one-off invoices are receipts of the purchase, not plan charges in the payment history. */
    inPaymentHistory: false,
    find: (name: string): CreditPackage | undefined => findCreditPackage(name),
  },
  plan: {
    type: 'Subscription',
    cardPath: 'api/payment/process_subscription',
    inPaymentHistory: true,
    find: (name: string, period?: string): TierOption | undefined => findTier(name, period),
  },
  gift: {
    type: 'Gift',
    /** Bought only through hosted checkout; the code it issues is redeemed for a plan. */
    cardPath: null,
    inPaymentHistory: false,
    find: (name: string, period?: string): TierOption | undefined => findTier(name, period),
  },
} as const;

export type PaymentKind = keyof typeof PAYMENT_KINDS;
export type PurchaseType = (typeof PAYMENT_KINDS)[PaymentKind]['type'];

/** Kinds the card form on /checkout pays for. */
export type CardPaymentKind = {
  [K in PaymentKind]: (typeof PAYMENT_KINDS)[K]['cardPath'] extends null ? never : K;
}[PaymentKind];

export const CREDIT_PACKAGE_TYPE = PAYMENT_KINDS.creditPackage.type;
export const PLAN_TYPE = PAYMENT_KINDS.plan.type;
export const GIFT_TYPE = PAYMENT_KINDS.gift.type;

/** Every purchase type, for `z.enum`. */
export const PURCHASE_TYPES = [CREDIT_PACKAGE_TYPE, PLAN_TYPE, GIFT_TYPE] as const;
/** The purchase types the card form pays for. */
export const CARD_PURCHASE_TYPES = [CREDIT_PACKAGE_TYPE, PLAN_TYPE] as const;

/** The kind a wire `purchaseType` or metadata `payment_type` names, if any. */
export function paymentKindOf(type: string | null | undefined): PaymentKind | undefined {
  return (Object.keys(PAYMENT_KINDS) as PaymentKind[]).find((kind) => PAYMENT_KINDS[kind].type === type);
}

/** Whether Stripe metadata marks its object as paying for `kind`. */
export function paysFor(metadata: { payment_type?: string } | null | undefined, kind: PaymentKind): boolean {
  return metadata?.payment_type === PAYMENT_KINDS[kind].type;
}
