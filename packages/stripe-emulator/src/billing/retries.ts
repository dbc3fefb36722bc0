// Failed renewals, retried like Stripe's Smart Retries on a fixed, documented schedule, then ended
// the way the account's "if all retries for a payment fail" setting says.
import type { Ctx } from '../ctx.ts';
import type { AfterRetries, Kept } from '../types.ts';

const DAY = 86_400;

/**
 * Days from one attempt to the next: the renewal's own attempt, then retries 3, 8 and 14 days
 * after it (4 tries over 2 weeks, within Stripe's recommended 2-week window).
 */
export const RETRY_DELAYS_DAYS = [3, 5, 6] as const;

export type { AfterRetries };
export const AFTER_RETRIES: readonly AfterRetries[] = ['cancel', 'unpaid', 'past_due'];

/** Invoices Stripe retries on its own: a subscription's renewals, charged automatically. */
export function isRetried(inv: Kept<'invoice'>): boolean {
  return inv.billing_reason === 'subscription_cycle' && inv.collection_method === 'charge_automatically';
}

/**
 * After a failed attempt on a retried invoice: when the next one is (`null` once the schedule is
 * used up). Set before `invoice.payment_failed` goes out, as Stripe's event carries it.
 */
export function scheduleNextAttempt(ctx: Ctx, inv: Kept<'invoice'>): void {
  const delay = RETRY_DELAYS_DAYS[inv.attempt_count - 1];
  inv.next_payment_attempt = delay === undefined ? null : ctx.now() + delay * DAY;
}
