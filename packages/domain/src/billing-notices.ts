/** What people are told when a renewal cannot be charged: the banner and the Discord DMs. */

/** The banner on the dashboard and the status page while Stripe retries a failed renewal. */
export const PAYMENT_FAILED_BANNER = 'Your payment failed — update your card';

export interface RenewalNoticeInput {
  plan: string;
  /** The date of Stripe's next try, while it still retries. */
  nextAttempt: string | null;
  /** Where to act: the status page (a new card) or the open invoice (to pay it). */
  link: string;
}

/** The DM after a renewal's first failed charge: the plan stays while it is retried. */
export function paymentFailedNotice({ plan, nextAttempt, link }: RenewalNoticeInput): string {
  const retry = nextAttempt ? ` We will try again on ${nextAttempt}.` : '';
  return `${PAYMENT_FAILED_BANNER}: the renewal of your ${plan} could not be charged.${retry} Your plan stays active while we retry; update your card here: ${link}`;
}

/** The DM once the retries are over: the plan has ended, and how to get it back. */
export function planLapsedNotice({ plan, link }: RenewalNoticeInput): string {
  return `We could not charge the renewal of your ${plan} after several tries, so your account is now on the free plan. Pay the open invoice to get your plan and its credits back: ${link}`;
}
