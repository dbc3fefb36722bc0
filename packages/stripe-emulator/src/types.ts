import type Stripe from 'stripe';

/** Every kind of object the emulator keeps or embeds, as the stripe package's own types describe it. */
export interface StripeObjects {
  customer: Stripe.Customer;
  payment_intent: Stripe.PaymentIntent;
  payment_method: Stripe.PaymentMethod;
  charge: Stripe.Charge;
  product: Stripe.Product;
  price: Stripe.Price;
  plan: Stripe.Plan;
  coupon: Stripe.Coupon;
  promotion_code: Stripe.PromotionCode;
  subscription: Stripe.Subscription;
  subscription_item: Stripe.SubscriptionItem;
  subscription_schedule: Stripe.SubscriptionSchedule;
  invoice: Stripe.Invoice;
  line_item: Stripe.InvoiceLineItem;
  invoice_payment: Stripe.InvoicePayment;
  invoiceitem: Stripe.InvoiceItem;
  'checkout.session': Stripe.Checkout.Session;
  item: Stripe.LineItem;
  'billing_portal.session': Stripe.BillingPortal.Session;
  'billing_portal.configuration': Stripe.BillingPortal.Configuration;
  event: Stripe.Event;
  discount: Stripe.Discount;
  refund: Stripe.Refund;
  dispute: Stripe.Dispute;
  setup_intent: Stripe.SetupIntent;
  webhook_endpoint: Stripe.WebhookEndpoint;
}

export type Kind = keyof StripeObjects;

/** An object as the emulator keeps or embeds it: Stripe's own, as it travels. */
export type Kept<K extends Kind> = Wire<StripeObjects[K]>;

/**
 * Stripe's types describe a deleted object as another type (`Stripe.DeletedCustomer`); the emulator
 * keeps the object and marks it, as its `*.deleted` events still show it whole.
 */
interface DeletionMark {
  deleted?: boolean;
}
export const isDeleted = (obj: object): boolean => (obj as DeletionMark).deleted === true;
export function markDeleted(obj: object): void {
  (obj as DeletionMark).deleted = true;
}

/** The SDK reads decimal strings (`unit_amount_decimal`) into `Decimal` objects; they travel as strings. */
type Decimal = NonNullable<Stripe.Price['unit_amount_decimal']>;
type Wire<T> = T extends string | number | boolean | bigint | null | undefined
  ? T
  : T extends Decimal
    ? string
    : T extends (infer U)[]
      ? Wire<U>[]
      : { [P in keyof T]: Wire<T[P]> };

/** Any object the emulator keeps. */
export type AnyKept = { [K in Kind]: Kept<K> }[Kind];

export type Params = Record<string, unknown>;

/** A JSON document being walked (expansions, list envelopes). */
export type Json = Record<string, unknown>;

/** Fields a subscription update sets, held until its invoice is paid (`pending_if_incomplete`). */
export type SubscriptionChanges = Partial<Kept<'subscription'>>;

export interface RequestInfo {
  id: string;
  idempotencyKey: string | null;
}

/** One line of an invoice being built (a plan period, a proration). */
export interface LineInput {
  amount: number;
  description: string;
  price?: Kept<'price'> | null;
  quantity?: number;
  period: { start: number; end: number };
  proration?: boolean;
  subscriptionItem?: string | null;
}

/** What happens to a subscription once the last retry of its renewal fails (Stripe's setting). */
export type AfterRetries = 'cancel' | 'unpaid' | 'past_due';

/** The fields a change replaced, as they were (an event's `previous_attributes`). */
export type Previous = Record<string, unknown>;

/**
 * Sets fields of `target`, recording each one's old value in `previous` (an event's
 * `previous_attributes`); an `undefined` value leaves the field as it is.
 */
export function fieldSetter<T extends object>(target: T, previous: Previous) {
  return <F extends keyof T & string>(key: F, value: T[F] | undefined): void => {
    if (value === undefined) return;
    previous[key] = structuredClone(target[key]);
    target[key] = value;
  };
}

/** Sets each given field that differs on `target`; returns the replaced values (`previous_attributes`). */
export function applyChanges<T extends object>(target: T, changes: Partial<T>): Previous {
  const previous: Previous = {};
  for (const [key, value] of Object.entries(changes)) {
    const current: unknown = target[key as keyof T];
    if (JSON.stringify(current) === JSON.stringify(value)) continue;
    previous[key] = structuredClone(current);
    Object.assign(target, { [key]: value });
  }
  return previous;
}
