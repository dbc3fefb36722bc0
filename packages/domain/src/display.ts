/** Display rules shared by every screen that shows balances or money. */

export const UNLIMITED_CREDITS_THRESHOLD = 14999;

/** Credits above 14999 read as 'Unlimited'. */
export function formatCredits(credits: number): string {
  return credits > UNLIMITED_CREDITS_THRESHOLD ? 'Unlimited' : String(credits);
}

/** Hypercredits show 0 when zero or less. */
export function formatHypercredits(hypercredits: number): number {
  return hypercredits > 0 ? hypercredits : 0;
}

/** Integer cents → dollars with 2 decimals: 1999 → '19.99'. */
export function formatCents(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** A yearly price shown per month: price / 12, in dollars with 2 decimals. */
export function yearlyPerMonth(yearlyCents: number): string {
  return formatCents(yearlyCents / 12);
}

/** Epoch seconds → a readable date such as 'March 5, 2026'. */
export function formatEpochDate(epochSeconds: number, locale = 'en-US'): string {
  return new Date(epochSeconds * 1000).toLocaleDateString(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * Why a user whose only plan is a gift cannot change it or start a paid plan yet: the gift is a
 * one-period plan that ends by itself, and a paid plan can be chosen once it has ended.
 */
export function giftPlanMessage(tier: string, periodEnd: number | null): string {
  return periodEnd
    ? `Your gifted ${tier} runs until ${formatEpochDate(periodEnd)}; you can choose a paid plan from then.`
    : `Your gifted ${tier} is still running; you can choose a paid plan once it ends.`;
}

/** A gifted plan beside the others, as the dashboard and the status page list it. */
export function giftedPlanText(tier: string, periodEnd: number | null): string {
  return periodEnd ? `Gift: ${tier}, until ${formatEpochDate(periodEnd)}` : `Gift: ${tier}`;
}
