import { type CreditPackage, type TierOption, findCreditPackage, findTier } from './catalog.ts';

/** What a payment kind sells: anything in the catalog with a price and the credits it grants. */
export interface PaidProduct {
  /** Price in cents. */
  price: number;
  /** Credits and hypercredits one payment of it grants. */
  credits: number;
  hypercredits: number;
}

/**
 * How a kind is bought: a one-off payment (the card form or hosted checkout), or a plan's
 * subscription whose invoices are paid each period.
 */
export const PURCHASE_MODES = ['oneOff', 'subscription'] as const;
export type PurchaseMode = (typeof PURCHASE_MODES)[number];

/**
 * What a settled payment grants: its credits to the buyer, a gift code someone else redeems for
 * the plan, or the plan's period to the subscriber.
 */
export const GRANT_MODES = ['buyer', 'giftCode', 'planPeriod'] as const;
export type GrantMode = (typeof GRANT_MODES)[number];

/**
 * What a refund or a lost dispute takes back. Every mode takes back the credits the payment
 * granted (pro rata to the refunded share); on a full refund or a lost dispute `plan` also ends
 * the paid plan at once, and `gift` voids an unredeemed code or ends the gifted plan it gave.
 */
export const TAKE_BACK_MODES = ['credits', 'plan', 'gift'] as const;
export type TakeBackMode = (typeof TAKE_BACK_MODES)[number];

/** One kind of product a payment buys, declared once; everything acting on a kind reads this. */
export interface PaymentKindEntry<P extends PaidProduct = PaidProduct> {
  /** Its name on the wire: the `purchaseType` of the purchase calls and `payment_type` metadata. */
  type: string;
  purchase: PurchaseMode;
  /** The card form's call on /checkout; null when only hosted checkout sells it. */
  cardPath: string | null;
  /** Whether its invoices are plan charges of their own in the payment history. */
  inPaymentHistory: boolean;
  /** The product a purchase names, from the catalog. */
  find(name: string, period?: string): P | undefined;
  /** The product's catalog key (a package name or a plan tier), as stored with the payment. */
  key(product: P): string;
  grant: GrantMode;
  takeBack: TakeBackMode;
  /** Its words in the payment history and in the credit history (the ledger's reasons). */
  words: {
    /** The payment history's description of a payment of it. */
    payment(product: P): string;
    /** The credit history's reason for its grant. */
    granted(product: P): string;
    /** The credit history's reason for what a refund or a lost dispute took back. */
    takenBack(product: P, cause: 'refund' | 'dispute'): string;
  };
}

const takenBackWords = (name: string, cause: 'refund' | 'dispute') =>
  cause === 'refund' ? `refunded: ${name}` : `charged back: ${name}`;

/**
 * Every kind of product a payment buys, once (SPEC §3's `payment_type`). The wire schemas, the
 * checkout, the settlement's grants, the clawbacks of refunds and disputes, and both histories read
 * this table; a new kind of product is an entry here and its catalog.
 */
export const PAYMENT_KINDS = {
  creditPackage: {
    type: 'Credits',
    purchase: 'oneOff',
    /** Paid with the card form on /checkout, through this call. */
    cardPath: 'api/payment/process_single',
    /** Its one-off invoices are receipts of the purchase, not plan charges in the payment history. */
    inPaymentHistory: false,
    find: (name: string): CreditPackage | undefined => findCreditPackage(name),
    key: (pack: CreditPackage) => pack.name,
    grant: 'buyer',
    takeBack: 'credits',
    words: {
      payment: (pack: CreditPackage) => pack.name,
      granted: (pack: CreditPackage) => `purchase: ${pack.name}`,
      takenBack: (pack: CreditPackage, cause: 'refund' | 'dispute') => takenBackWords(pack.name, cause),
    },
  },
  plan: {
    type: 'Subscription',
    purchase: 'subscription',
    cardPath: 'api/payment/process_subscription',
    inPaymentHistory: true,
    find: (name: string, period?: string): TierOption | undefined => findTier(name, period),
    key: (tier: TierOption) => tier.tier,
    grant: 'planPeriod',
    takeBack: 'plan',
    words: {
      payment: (tier: TierOption) => tier.tier,
      granted: (tier: TierOption) => `plan: ${tier.tier}`,
      takenBack: (tier: TierOption, cause: 'refund' | 'dispute') => takenBackWords(tier.tier, cause),
    },
  },
  gift: {
    type: 'Gift',
    purchase: 'oneOff',
    /** Bought only through hosted checkout; the code it issues is redeemed for a plan. */
    cardPath: null,
    inPaymentHistory: false,
    find: (name: string, period?: string): TierOption | undefined => findTier(name, period),
    key: (tier: TierOption) => tier.tier,
    grant: 'giftCode',
    takeBack: 'gift',
    words: {
      payment: (tier: TierOption) => `Gift: ${tier.tier}`,
      granted: (tier: TierOption) => `gift: ${tier.tier}`,
      takenBack: (tier: TierOption, cause: 'refund' | 'dispute') =>
        takenBackWords(`Gift: ${tier.tier}`, cause),
    },
  },
  topUp: {
    type: 'TopUp',
    purchase: 'oneOff',
    /** Bought by the saved card off-session when the balance falls below the chosen threshold. */
    cardPath: null,
    inPaymentHistory: false,
    find: (name: string): CreditPackage | undefined => findCreditPackage(name),
    key: (pack: CreditPackage) => pack.name,
    grant: 'buyer',
    takeBack: 'credits',
    words: {
      payment: (pack: CreditPackage) => `Auto top-up: ${pack.name}`,
      granted: (pack: CreditPackage) => `top-up: ${pack.name}`,
      takenBack: (pack: CreditPackage, cause: 'refund' | 'dispute') =>
        takenBackWords(`Auto top-up: ${pack.name}`, cause),
    },
  },
} as const satisfies PaymentKindTable;

export type PaymentKind = keyof typeof PAYMENT_KINDS;
export type PurchaseType = (typeof PAYMENT_KINDS)[PaymentKind]['type'];

/**
 * A table of kinds as code generic over kinds reads it (the entry's functions are methods, so an
 * entry for any product fits). Tests pass a table with a kind of their own; the product passes
 * `PAYMENT_KINDS`.
 */
export type PaymentKindTable = Readonly<Record<string, PaymentKindEntry>>;

/** A kind's name and entry in `table`, if it has one. */
export function kindEntry(
  table: PaymentKindTable,
  kind: string,
): { name: string; entry: PaymentKindEntry } | undefined {
  const entry = Object.hasOwn(table, kind) ? table[kind] : undefined;
  return entry ? { name: kind, entry } : undefined;
}

/** Kinds the card form on /checkout pays for. */
export type CardPaymentKind = {
  [K in PaymentKind]: (typeof PAYMENT_KINDS)[K]['cardPath'] extends null ? never : K;
}[PaymentKind];

export const CREDIT_PACKAGE_TYPE = PAYMENT_KINDS.creditPackage.type;
export const PLAN_TYPE = PAYMENT_KINDS.plan.type;
export const GIFT_TYPE = PAYMENT_KINDS.gift.type;
export const TOP_UP_TYPE = PAYMENT_KINDS.topUp.type;

/** Every purchase type, for `z.enum`. */
export const PURCHASE_TYPES = [
  CREDIT_PACKAGE_TYPE,
  PLAN_TYPE,
  GIFT_TYPE,
  TOP_UP_TYPE,
] as const satisfies readonly PurchaseType[];
/** The purchase types the card form pays for. */
export const CARD_PURCHASE_TYPES = [CREDIT_PACKAGE_TYPE, PLAN_TYPE] as const;

// Every kind is named in PURCHASE_TYPES: a kind added above and not here does not compile.
type Missing = Exclude<PurchaseType, (typeof PURCHASE_TYPES)[number]>;
const _everyKindListed: [Missing] extends [never] ? true : never = true;
void _everyKindListed;

/** The kind a wire `purchaseType` or metadata `payment_type` names, if any, in `table`. */
export function paymentKindIn(table: PaymentKindTable, type: string | null | undefined): string | undefined {
  return Object.keys(table).find((kind) => table[kind]!.type === type);
}

/** The kind a wire `purchaseType` or metadata `payment_type` names, if any. */
export function paymentKindOf(type: string | null | undefined): PaymentKind | undefined {
  return paymentKindIn(PAYMENT_KINDS, type) as PaymentKind | undefined;
}

/** Whether Stripe metadata marks its object as paying for `kind`: `payment_type`, the one encoding. */
export function paysFor(metadata: { payment_type?: string } | null | undefined, kind: PaymentKind): boolean {
  return metadata?.payment_type === PAYMENT_KINDS[kind].type;
}
