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
  event: Stripe.Event;
  discount: Stripe.Discount;
  refund: Stripe.Refund;
  dispute: Stripe.Dispute;
  setup_intent: Stripe.SetupIntent;
  webhook_endpoint: Stripe.WebhookEndpoint;
}

export type Kind = keyof StripeObjects;

/** An object as the emulator keeps it: Stripe's own, which a deletion only marks. */
export type Kept<K extends Kind> = Marked<Wire<StripeObjects[K]>>;
type Marked<T> = T extends unknown ? Omit<T, 'deleted'> & { deleted?: boolean } : never;

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

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Obj = Record<string, any>;

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
  price?: Obj | null;
  quantity?: number;
  period: { start: number; end: number };
  proration?: boolean;
  subscriptionItem?: string | null;
}

/** What happens to a subscription once the last retry of its renewal fails (Stripe's setting). */
export type AfterRetries = 'cancel' | 'unpaid' | 'past_due';

/** The fields a change replaced, as they were (an event's `previous_attributes`). */
export type Previous = Record<string, unknown>;
