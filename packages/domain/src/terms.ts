import { HORROR_MINIMUM_AGE } from './commands/channels.ts';

/** The facts the terms of service state, for the legal pages and anything that enforces them. */
export const TERMS = {
  /** The date the terms were last changed, as ISO date and as shown on the page. */
  lastUpdated: '2023-08-22',
  lastUpdatedText: 'Aug 22, 2023',
  minimumAge: 13,
  horrorMinimumAge: HORROR_MINIMUM_AGE,
  /** Cancel at least this many days before the renewal date to stop the renewal. */
  cancelNoticeDays: 30,
  refunds: false,
} as const;

/**
 * The cancellation rule in the one wording every page uses (plans, terms, subscription status), so
 * no page promises more time than the terms give.
 */
export const CANCELLATION_RULE = `Cancel at least ${TERMS.cancelNoticeDays} days before the renewal date to avoid renewal.`;
