import { MAKE_PRICE } from './pricing.ts';

/**
 * Free credits every new account receives once, enough to try /make five times. Granted through the
 * ledger with `welcomeGrantKey` as the idempotency key, so a retried sign-up never grants twice.
 */
export const WELCOME_GRANT = {
  credits: 5 * MAKE_PRICE,
  hypercredits: 0,
  reason: 'welcome',
} as const;

export function welcomeGrantKey(userId: string): string {
  return `welcome:${userId}`;
}
