import { z } from 'zod';

/** Wire shapes of the subscription management calls under /api/payment (SPEC §3 and §7 names). */

const id = (what: string) => z.string().trim().min(1, `${what} is required`).max(255);

export const SubscriptionIdParams = z.object({ id: id('Subscription id') });

/** The Subscription of SPEC §3. */
export const SubscriptionWire = z.object({
  subscription_id: z.string(),
  /** The plan (tier name) while the subscription is live, otherwise Stripe's status ('canceled'). */
  subscription_status: z.string(),
  /** Stripe's status: active, trialing, past_due, canceled… */
  status: z.string(),
  discounted: z.boolean(),
  discountName: z.string().nullable(),
  /** The plan's price per period, in cents. */
  actualPrice: z.number().int(),
  /** What the next invoice will charge, in cents (0 when the subscription ends at period end). */
  upcomingAmount: z.number().int(),
  /** Epoch seconds. */
  current_period_end: z.number().int(),
  cancel_at_period_end: z.boolean(),
  /** The plan a scheduled downgrade switches to at current_period_end, if any. */
  downgrade_to_subname: z.string().nullable(),
  /** True for a plan redeemed from a gift code (it ends after its period; no card on file). */
  gifted: z.boolean(),
});
export type SubscriptionWire = z.infer<typeof SubscriptionWire>;

export const CheckSubscriptionStatusBody = z.object({ subscriptionId: id('subscriptionId') });

export const UpdateSubscriptionBody = z.object({
  userId: id('userId').pipe(z.string().max(64)),
  stripeId: z.string().trim().max(255).nullish(),
  /** The full tier name to move to ('Founders Plan', 'Professional Plan Yearly'). */
  newsubscriptiontype: id('newsubscriptiontype').pipe(z.string().max(100)),
});
export type UpdateSubscriptionBody = z.infer<typeof UpdateSubscriptionBody>;

/** What a plan change would do, shown for confirmation before anything is charged. */
export const PlanChangePreview = z.object({
  change: z.enum(['upgrade', 'downgrade', 'same']),
  plan: z.string(),
  /** Cents charged now if confirmed (0 for a downgrade or no change). */
  amountDueNow: z.number().int(),
  currency: z.string(),
  /** Credits and hypercredits added now if confirmed (the difference of the plans' per-period amounts). */
  credits: z.number().int(),
  hypercredits: z.number().int(),
  /** When a downgrade would take effect (epoch seconds); null otherwise. */
  effectiveDate: z.number().int().nullable(),
  /** Cents of the first invoice on the new plan, at `effectiveDate` (Stripe's preview); null unless a downgrade. */
  renewalAmount: z.number().int().nullable(),
});
export type PlanChangePreview = z.infer<typeof PlanChangePreview>;

export const SUBSCRIPTION_CHANGES = ['upgrade', 'downgrade', 'same'] as const;
export type SubscriptionChange = (typeof SUBSCRIPTION_CHANGES)[number];

/** The no-change answer when the selected plan is the current one. */
export const SAME_PLAN_MESSAGE = 'You are already subscribed to this plan. No changes were made.';

export const UpdateSubscriptionResult = z.object({
  change: z.enum(SUBSCRIPTION_CHANGES),
  message: z.string(),
  updatedSubscription: z.object({
    id: z.string(),
    /** The plan the subscription is on, or switches to at current_period_end for a downgrade. */
    plan: z.string(),
    /** Epoch seconds: the end of the period now running (the downgrade date for a downgrade). */
    current_period_end: z.number().int(),
  }),
  /** Cents charged now (an upgrade's prorated invoice). */
  amountCharged: z.number().int(),
  /** Cents credited to the customer's balance now (unused time returned on a change). */
  amountCredited: z.number().int(),
  /** A downgrade's effective date (epoch seconds); null otherwise. */
  effectiveDate: z.number().int().nullable(),
  /** The upgrade's invoice, sent to the customer's email. */
  invoiceId: z.string().nullable(),
});
export type UpdateSubscriptionResult = z.infer<typeof UpdateSubscriptionResult>;

export const PortalBody = z.object({ customer_id: id('customer_id') });
export const PortalResult = z.object({ url: z.string() });

/** The signed-in user's live subscriptions (ours: SPEC §7 leaves how the page finds its id open). */
export const OwnSubscriptionsResult = z.object({
  subscriptions: z.array(
    z.object({
      subscription_id: z.string(),
      tier: z.string(),
      status: z.string(),
      gifted: z.boolean(),
      /** Epoch seconds: the end of the period now running (a gift ends then); null if unknown. */
      current_period_end: z.number().int().nullable(),
      /** Cancelled (here or in the billing portal): it ends at `current_period_end`. */
      cancel_at_period_end: z.boolean().optional(),
    }),
  ),
});
export type OwnSubscriptionsResult = z.infer<typeof OwnSubscriptionsResult>;
