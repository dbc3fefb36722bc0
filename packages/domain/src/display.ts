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
