import type { SubmitStanding } from '@app/jobs';
import { AppError } from '../../lib/errors.ts';

const owed = (amount: number, currency: string) => `${Math.abs(amount).toLocaleString('en-US')} ${currency}`;

/**
 * Why money owed stops the user's new jobs, if it does: a balance below zero (a refund or a lost
 * dispute took back credits already spent) until a top-up settles it, or a payment disputed with
 * the bank until the dispute is decided. Given what the job's transaction read under the user's
 * row lock (`submitInOneStatement`), so it judges the balance the spend would.
 */
export function paymentHoldOf(
  standing: Pick<SubmitStanding, 'disputed' | 'credits' | 'hypercredits'>,
): AppError | undefined {
  if (standing.disputed) {
    return new AppError('PAYMENT_DISPUTED', {
      status: 403,
      message:
        'New jobs are paused because one of your payments is disputed with your bank. They start again as soon as the dispute is closed in your favour; to settle it sooner, withdraw the dispute with your bank or write to support.',
    });
  }
  const { credits, hypercredits } = standing;
  const below = [
    credits < 0 ? owed(credits, 'credits') : null,
    hypercredits < 0 ? owed(hypercredits, 'hypercredits') : null,
  ].filter((part): part is string => part !== null);
  if (below.length === 0) return undefined;
  return new AppError('BALANCE_OWED', {
    status: 402,
    message: `New jobs are paused because your balance is below zero: you owe ${below.join(' and ')}, taken back when a payment was refunded or charged back after they were used. Buy a credit package to settle it; new jobs start again once your balance is zero or more.`,
    details: { balance: { credits, hypercredits } },
  });
}
