import { type Db, type UserRow, claimGiftCode, findGiftCode } from '@app/db';
import { createGiftedSubscription } from './complete-gift-redemption.ts';
import {
  type RedeemGiftCodeBody,
  type RedeemGiftCodeResult,
  formatEpochDate,
  normalizeGiftCode,
  withVersion,
} from '@app/domain';
import type Stripe from 'stripe';
import { AppError } from '../../lib/errors.ts';
import { findTargetUser } from '../customers/access.ts';
import { findLiveSubscription } from '../subscriptions/find-live-subscription.ts';
import type { WrongCodeLimiter } from './wrong-code-limiter.ts';

/** Where the browser goes after redeeming: always this fixed path on our own site. */
export const REDEEM_RETURN_PATH = withVersion('/dashboard?refresh=true');

const wrongCode = () =>
  new AppError('GIFT_CODE_INVALID', { status: 404, message: 'That gift code is not valid' });
const refundedCode = () =>
  new AppError('GIFT_CODE_REFUNDED', {
    status: 409,
    message: 'The payment for that gift code was refunded, so it can no longer be redeemed',
  });
const usedCode = () =>
  new AppError('GIFT_CODE_USED', { status: 409, message: 'That gift code has already been used' });

/**
 * Redeems a gift code for the signed-in user (admins: for anyone). The code is claimed first with
 * one conditional UPDATE … WHERE redeemed_by IS NULL RETURNING, committed on its own, so among any
 * number of concurrent attempts exactly one gets the row; only that one touches Stripe.
 *
 * The plan is given as a Stripe subscription on the gifted price with a trial of one period
 * (30 days monthly, 365 yearly) and no card: nothing is charged, the trial's $0 invoice is paid at
 * once, and `cancel_at_period_end` plus `trial_settings.end_behavior.missing_payment_method=cancel`
 * end it when the period is over, so the redeemer falls back to their other plan or free. The
 * period's credits are granted through the ledger keyed by that $0 invoice, the same key the
 * invoice.paid webhook uses, so they land once.
 * The claim and the subscription are tied by a Stripe idempotency key derived from the code and
 * the redeemer: if the process stops between them, the same user's retry (or the reconciler)
 * completes the redemption with the same subscription; a refusal from Stripe releases the claim.
 */
export async function redeemGiftCode({
  db,
  stripe,
  user,
  body,
  limiter,
  clientKey,
}: {
  db: Db;
  stripe: Stripe;
  user: UserRow;
  body: RedeemGiftCodeBody;
  limiter: WrongCodeLimiter;
  /** The caller's address, counted alongside the user for wrong codes. */
  clientKey: string;
}): Promise<RedeemGiftCodeResult> {
  const target = await findTargetUser({ db, user, userId: body.userId, stripeId: body.stripeId });
  const keys = [`user:${user.id}`, `ip:${clientKey}`];
  await limiter.attempt(keys);
  const code = normalizeGiftCode(body.giftCode);
  if (!code) throw wrongCode();

  let claimed = await claimGiftCode(db, code, target.id);
  if (!claimed) {
    const found = await findGiftCode(db, code);
    if (!found) throw wrongCode();
    if (found.voidedAt && !found.redeemedBy) {
      await limiter.forgive(keys);
      throw refundedCode();
    }
    // The same user's retry after a redemption that stopped half-way completes it.
    if (found.redeemedBy !== target.id || found.subscriptionId) {
      await limiter.forgive(keys);
      throw usedCode();
    }
    claimed = found;
  }
  await limiter.forgive(keys);

  const subscription = await createGiftedSubscription({ db, stripe, target, claimed });
  const periodEnd = subscription.items.data[0]?.current_period_end ?? 0;
  const paid = await findLiveSubscription({ db, userId: target.id });
  const until = formatEpochDate(periodEnd);
  return {
    url: REDEEM_RETURN_PATH,
    tier: claimed.tier,
    current_period_end: periodEnd,
    message: paid
      ? `Your gift was redeemed: ${claimed.tier} runs until ${until}, beside your ${paid.tier}; its credits were added to your balance.`
      : `Your gift was redeemed: ${claimed.tier} runs until ${until}; its credits were added to your balance.`,
  };
}
