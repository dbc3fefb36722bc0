import type { Kept } from '../types.ts';

/**
 * The subscription an invoice bills, or null. API version 2026-10-28.endive has no
 * `invoice.subscription`: it is `parent.subscription_details.subscription`.
 */
export function subscriptionOf(inv: Kept<'invoice'>): string | null {
  return (inv.parent?.subscription_details?.subscription as string | undefined) ?? null;
}
