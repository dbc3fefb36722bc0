import type Stripe from 'stripe';

/**
 * Stripe's status of a subscription as far as the plan goes: a past-due subscription whose
 * renewal Stripe has stopped retrying (its open invoice has no next attempt, under the "leave it
 * past due" setting) has lapsed like an `unpaid` one. Needs `latest_invoice` expanded; without it
 * Stripe's status stands.
 */
export function planStatusOf(subscription: Stripe.Subscription): Stripe.Subscription.Status {
  const invoice = subscription.latest_invoice;
  if (
    subscription.status === 'past_due' &&
    invoice &&
    typeof invoice !== 'string' &&
    invoice.status === 'open' &&
    invoice.next_payment_attempt === null
  ) {
    return 'unpaid';
  }
  return subscription.status;
}

/** Statuses under which a subscription still holds a paid plan (Stripe may still be retrying). */
export const PLAN_HOLDING_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

/** A renewal failed and Stripe is still retrying it: the plan stays, the card needs updating. */
export const PAYMENT_RETRYING_STATUS = 'past_due';
