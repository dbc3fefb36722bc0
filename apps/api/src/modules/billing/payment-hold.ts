import { DISPUTE_HOLD_TEXT, balanceOwedText } from '@app/domain';
import type { SubmitStanding } from '@app/jobs';
import { AppError } from '../../lib/errors.ts';

/**
 * Why money owed stops the user's new jobs, if it does: a balance below zero (a refund or a lost
 * dispute took back credits already spent) until a top-up settles it, or a payment disputed with
 * the bank until the dispute is decided. Given what the job's transaction read under the user's
 * row lock (`submitInOneStatement`), so it judges the balance the spend would. The words are the
 * ones /info, the dashboard and the status page say (`accountNotices`).
 */
export function paymentHoldOf(
  standing: Pick<SubmitStanding, 'disputed' | 'credits' | 'hypercredits'>,
): AppError | undefined {
  if (standing.disputed) {
    return new AppError('PAYMENT_DISPUTED', { status: 403, message: DISPUTE_HOLD_TEXT });
  }
  const { credits, hypercredits } = standing;
  const message = balanceOwedText({ credits, hypercredits });
  if (!message) return undefined;
  return new AppError('BALANCE_OWED', {
    status: 402,
    message,
    details: { balance: { credits, hypercredits } },
  });
}
