import { z } from 'zod';
import { CARD_PURCHASE_TYPES, PURCHASE_TYPES } from '../payment-kinds.ts';

/** Wire shapes of the purchase calls under /api/payment (SPEC §3 and §7 names). */

const id = (what: string) => z.string().trim().min(1, `${what} is required`).max(255);

export const PaymentConfig = z.object({
  publishableKey: z.string(),
  /** The Stripe emulator's URL for the browser's card field; absent with real Stripe. */
  emulatorUrl: z.string().optional(),
});
export type PaymentConfig = z.infer<typeof PaymentConfig>;

export const Address = z.object({
  line1: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
});

/** The Customer of SPEC §3. */
export const CustomerWire = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  address: Address.nullable(),
});
export type CustomerWire = z.infer<typeof CustomerWire>;

export const CustomerBody = z.object({ stripeId: z.string().max(255).nullish() });

export const CustomerIdParams = z.object({ id: id('Customer id') });

const text = (max: number) => z.string().trim().max(max);

export const CustomerUpdateBody = z.object({
  name: text(200).optional(),
  email: z.email().max(254).optional(),
  address: z
    .object({
      line1: text(200).optional(),
      city: text(100).optional(),
      state: text(100).optional(),
      postal_code: text(20).optional(),
      country: z.string().trim().length(2).optional(),
    })
    .optional(),
});
export type CustomerUpdateBody = z.infer<typeof CustomerUpdateBody>;

export const UpdateFjCustomerBody = z.object({
  stripeCustomerId: id('stripeCustomerId'),
  discordId: z.string().trim().max(64).nullish(),
  updateFields: CustomerUpdateBody,
});

/** Strict: a client-sent amount or price is refused, never used (prices come from the catalog). */
export const CreatePaymentIntentBody = z.strictObject({
  purchaseType: z.enum(CARD_PURCHASE_TYPES),
  /** The package name for Credits, the plan (or full tier) name for Subscription. */
  tierType: id('tierType').pipe(z.string().max(100)),
  recurringType: z.enum(['Monthly', 'Yearly']).optional(),
});
export type CreatePaymentIntentBody = z.infer<typeof CreatePaymentIntentBody>;

/** The Payment intent of SPEC §3 that /checkout receives in its navigation state. */
export const PaymentIntentWire = z.object({
  id: z.string(),
  client_secret: z.string(),
  customer: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  metadata: z.object({
    payment_type: z.enum(CARD_PURCHASE_TYPES),
    subscription_id: z.string().optional(),
    tierType: z.string(),
  }),
});
export type PaymentIntentWire = z.infer<typeof PaymentIntentWire>;

export const ProcessPaymentBody = z.object({
  paymentIntentId: id('paymentIntentId'),
  paymentMethodId: id('paymentMethodId'),
  couponCode: z.string().trim().max(64).nullish(),
});
export type ProcessPaymentBody = z.infer<typeof ProcessPaymentBody>;

export const ProcessPaymentResult = z.object({
  status: z.string(),
  client_secret: z.string().nullable(),
  /** Cents charged (or to be charged once authenticated). */
  amountPaid: z.number().int(),
  discountName: z.string().nullable(),
  error: z.string().nullable(),
  /** The payment the success page shows (`/success?session_id=`). */
  sessionId: z.string().nullable(),
});
export type ProcessPaymentResult = z.infer<typeof ProcessPaymentResult>;

export const VerifyCouponBody = z.object({
  couponid: z.string().trim().max(64),
  /** The checkout's payment (one of the caller's): the answer then carries the new total. */
  paymentIntentId: z.string().trim().max(255).optional(),
});
export const VerifyCouponResult = z.object({
  valid: z.boolean(),
  discountName: z.string().nullable(),
  /** Cents before and after the coupon, for the payment named in the request (else null). */
  amount: z.number().int().nullable().optional(),
  discountedAmount: z.number().int().nullable().optional(),
});
export type VerifyCouponResult = z.infer<typeof VerifyCouponResult>;

export const SessionParams = z.object({ sessionId: id('Session id') });

/** The Payment session of SPEC §3, read by the success page. */
export const PaymentSessionWire = z.object({
  id: z.string(),
  amount_total: z.number().int(),
  customer: z.string().nullable(),
  customer_details: z.object({ email: z.string().nullable() }),
  metadata: z.object({ gift: z.string().optional(), tierType: z.string().optional() }),
  giftCode: z.string().nullable(),
  /** Stripe's receipt page of the payment (with its PDF download), when a card paid it. */
  receipt_url: z.string().nullable(),
  /** The receipt as a PDF: the invoice's `invoice_pdf`, else the receipt page's PDF. */
  receipt_pdf: z.string().nullable(),
});
export type PaymentSessionWire = z.infer<typeof PaymentSessionWire>;

/** The form the gift and hosted-checkout buttons POST. */
export const CheckoutSessionForm = z.object({
  email: z.string().trim().max(254).optional(),
  userId: z.string().trim().max(64).optional(),
  stripeId: z.string().trim().max(255).optional(),
  purchaseType: z.enum(PURCHASE_TYPES),
  tierType: id('tierType').pipe(z.string().max(100)),
  recurringType: z.enum(['Monthly', 'Yearly']).optional(),
});
export type CheckoutSessionForm = z.infer<typeof CheckoutSessionForm>;
