import { type PaymentRow, decideGiftRefund, findGiftCodeBySource, findUserById } from '@app/db';
import { giftRecipientChoice, giftTakenBackNotice } from '@app/domain';
import type Stripe from 'stripe';
import { sendAccountNotice } from '../billing/account-notices.ts';
import type { SettlementContext } from './settlement-context.ts';

/** The gift code a gift's payment bought, through the checkout that sold it. */
export async function giftCodeOfPayment(ctx: SettlementContext, payment: PaymentRow) {
  const { data } = await ctx.stripe.checkout.sessions.list({ payment_intent: payment.id, limit: 1 });
  return data[0] ? findGiftCodeBySource(ctx.db, data[0].id) : undefined;
}

/**
 * One refund of a gift's payment, decided once on its first handling (`decideGiftRefund`) and
 * acted on the same way on every later one, whatever came between (a redemption, a redelivery, the
 * reconciler): before redemption a full refund voids the code and a partial one leaves it whole;
 * after, the recipient keeps the gift unless the refund carries the operator's choice to take it
 * back. Only then is the refund's share taken from the recipient (keyed by the refund), the gifted
 * plan ended on a full refund, and the recipient told why by a notice sent once.
 */
export async function settleGiftRefund(
  ctx: SettlementContext,
  {
    payment,
    refund,
    full,
    amounts,
    reason,
    takeBackOnce,
    endSubscription,
  }: {
    payment: PaymentRow;
    refund: Stripe.Refund;
    /** Whether the charge is fully refunded once this refund is counted. */
    full: boolean;
    amounts: { credits: number; hypercredits: number };
    reason: string;
    takeBackOnce(
      userId: string,
      key: string,
      amounts: { credits: number; hypercredits: number },
      reason: string,
    ): Promise<void>;
    endSubscription(subscriptionId: string, why: string): Promise<void>;
  },
): Promise<void> {
  const found = await giftCodeOfPayment(ctx, payment);
  if (!found) return;
  const { decision, code } = await decideGiftRefund(ctx.db, {
    refundId: refund.id,
    giftCodeId: found.id,
    full,
    takeBack: giftRecipientChoice(refund.metadata) === 'take_back',
  });
  ctx.log?.info({ refund: refund.id, giftCode: code.id, decision }, 'gift refund decided');
  if (decision !== 'taken' || !code.redeemedBy) return;
  // A redemption still under way finishes first (its retry or the reconciler); then this ends it.
  if (full && !code.subscriptionId)
    throw new Error(`Gift code ${code.id} is being redeemed; its refund waits`);
  await takeBackOnce(code.redeemedBy, `clawback:refund:${refund.id}`, amounts, reason);
  if (full && code.subscriptionId) await endSubscription(code.subscriptionId, 'gift refunded');
  await tellRecipient(ctx, {
    userId: code.redeemedBy,
    key: `gift-taken-back:${refund.id}`,
    plan: code.tier,
    amounts,
    ended: full,
  });
}

/**
 * Tells a gift's recipient, once per `key`, that what it gave them was taken back because its
 * buyer's payment was refunded or charged back.
 */
export async function tellRecipient(
  ctx: SettlementContext,
  {
    userId,
    key,
    plan,
    amounts,
    ended,
    cause = 'refund',
  }: {
    cause?: 'refund' | 'dispute';
    userId: string;
    key: string;
    plan: string;
    amounts: { credits: number; hypercredits: number };
    ended: boolean;
  },
): Promise<void> {
  const recipient = await findUserById(ctx.db, userId);
  if (!recipient) return;
  const outcome = await sendAccountNotice({
    db: ctx.db,
    notifier: ctx.notifier,
    user: recipient,
    key,
    kind: 'gift-taken-back',
    content: giftTakenBackNotice({ plan, ...amounts, ended, cause }),
  });
  ctx.log?.info({ userId, notice: key, outcome }, 'account notice');
}
