import {
  type PaymentRow,
  findPayment,
  findPaymentByCharge,
  setPaymentDispute,
  setPaymentRefunded,
  takeBack,
  voidGiftCode,
} from '@app/db';
import { PAYMENT_KINDS, type PaymentKindEntry, type TakeBackMode, kindEntry } from '@app/domain';
import type Stripe from 'stripe';
import { syncSubscription } from '../subscriptions/sync-subscription.ts';
import { giftCodeOfPayment, settleGiftRefund, tellRecipient } from './gift-refund.ts';
import type { SettlementContext } from './settlement-context.ts';
import { settleInvoice, settlePaymentIntent } from './settle-paid.ts';

/*
 * Money flowing back. A refund or a lost dispute takes back what its payment granted, through the
 * ledger, keyed by the refund or dispute id (`clawback:refund:re_…:credits`), so a webhook
 * delivered twice, out of order, or again after a crash takes back once. Each handler re-reads
 * Stripe and converges on its current state; the payments table records what was taken.
 */

const idOf = (value: string | { id?: string } | null | undefined) =>
  !value ? null : typeof value === 'string' ? value : (value.id ?? null);

const CURRENCIES = ['credits', 'hypercredits'] as const;

/** The share of `granted` that `paid` of `amount` stands for, rounded down; all of it once fully paid. */
export function shareOf(granted: number, paid: number, amount: number): number {
  if (amount <= 0 || paid >= amount) return granted;
  return Math.floor((granted * Math.max(0, paid)) / amount);
}

const notSettledYet = (chargeId: string) =>
  new Error(`The payment of ${chargeId} is not settled yet; the event is handled again on its retry`);

/**
 * The settled payment a charge paid for. A refund or dispute arriving before its payment's own
 * webhook settles the payment first (as that webhook would), so what is taken back is what was
 * granted. Undefined for a charge that paid for nothing of ours.
 */
async function settledPaymentOf(
  ctx: SettlementContext,
  charge: Stripe.Charge,
): Promise<PaymentRow | undefined> {
  const intentId = idOf(charge.payment_intent);
  const recorded = async () =>
    (await findPaymentByCharge(ctx.db, charge.id)) ??
    (intentId ? await findPayment(ctx.db, intentId) : undefined);
  const found = await recorded();
  if (found || !intentId) return found;
  const intent = await ctx.stripe.paymentIntents.retrieve(intentId);
  await settlePaymentIntent(ctx, intent);
  const settled = await recorded();
  if (settled) return settled;
  // A plan's renewal: its intent carries no metadata of ours, its invoice knows it.
  const customer = idOf(charge.customer);
  if (!customer) return undefined;
  for await (const invoice of ctx.stripe.invoices.list({
    customer,
    status: 'paid',
    limit: 100,
    expand: ['data.payments'],
  })) {
    if (invoice.payments?.data.some((p) => idOf(p.payment.payment_intent) === intentId)) {
      await settleInvoice(ctx, invoice.id);
      return recorded();
    }
  }
  return undefined;
}

/** The kind's entry the payment was recorded as; a kind no longer known is a fault, retried. */
function entryOf(ctx: SettlementContext, payment: PaymentRow): PaymentKindEntry {
  const found = kindEntry(ctx.kinds ?? PAYMENT_KINDS, payment.kind);
  if (!found) throw new Error(`Payment ${payment.id} has an unknown kind: ${payment.kind}`);
  return found.entry;
}

/**
 * Whose credits a payment's clawback takes: the buyer's, the subscriber's, or for a gift the
 * redeemer's (none while the code is not redeemed).
 */
async function holderOf(ctx: SettlementContext, payment: PaymentRow, entry: PaymentKindEntry) {
  const mode = entry.grant;
  switch (mode) {
    case 'buyer':
    case 'planPeriod':
      return payment.userId;
    case 'giftCode':
      return (await giftCodeOfPayment(ctx, payment))?.redeemedBy ?? null;
    default:
      return unknown(mode);
  }
}

const unknown = (mode: never): never => {
  throw new Error(`Unknown payment kind mode: ${String(mode)}`);
};

/** Takes `amounts` back from `userId` under `key`, once (the ledger refuses a key used before). */
async function takeBackOnce(
  ctx: SettlementContext,
  userId: string,
  key: string,
  amounts: { credits: number; hypercredits: number },
  reason: string,
) {
  for (const currency of CURRENCIES) {
    if (amounts[currency] <= 0) continue;
    await takeBack(ctx.db, {
      userId,
      currency,
      amount: amounts[currency],
      reason,
      idempotencyKey: `${key}:${currency}`,
    });
  }
}

/**
 * The subscription whose current period a plan payment's invoice paid for (its first invoice, a
 * renewal, or an upgrade within the period); null for an invoice of a period already over, which
 * leaves the periods paid since alone.
 */
async function currentPeriodSubscriptionOf(
  ctx: SettlementContext,
  payment: PaymentRow,
): Promise<string | null> {
  if (!payment.id.startsWith('in_')) return null;
  const invoice = await ctx.stripe.invoices.retrieve(payment.id);
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  if (!subscriptionId) return null;
  const subscription = await ctx.stripe.subscriptions.retrieve(subscriptionId);
  const periodStart = subscription.items.data[0]?.current_period_start ?? 0;
  return invoice.lines.data.some((line) => line.period.end > periodStart) ? subscriptionId : null;
}

/** Ends a subscription at once (nothing of it is paid any more) and brings our copy up to date. */
async function endSubscription(ctx: SettlementContext, subscriptionId: string, why: string) {
  const subscription = await ctx.stripe.subscriptions.retrieve(subscriptionId);
  if (subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired') {
    await ctx.stripe.subscriptions.cancel(subscriptionId, { cancellation_details: { comment: why } });
  }
  await syncSubscription({ db: ctx.db, stripe: ctx.stripe, subscriptionId });
}

/**
 * What a full refund or a lost dispute ends besides the credits: the paid plan, at once, when the
 * invoice paid for its current period (a past period's invoice takes back only its own credits);
 * or, for a lost dispute of a gift, the gift (an unredeemed code is voided; a redeemed one ends the
 * plan it gave). A gift's refunds are decided by `settleGiftRefund` instead.
 */
async function endWhatItBought(ctx: SettlementContext, payment: PaymentRow, mode: TakeBackMode, why: string) {
  switch (mode) {
    case 'credits':
      return;
    case 'plan': {
      const subscription = await currentPeriodSubscriptionOf(ctx, payment);
      if (subscription) await endSubscription(ctx, subscription, why);
      return;
    }
    case 'gift': {
      const code = await giftCodeOfPayment(ctx, payment);
      if (!code) return;
      const now = await voidGiftCode(ctx.db, code.id);
      if (!now?.redeemedBy) return;
      // A redemption still under way finishes first (its retry or the reconciler); then this ends it.
      if (!now.subscriptionId) throw new Error(`Gift code ${code.id} is being redeemed; its refund waits`);
      await endSubscription(ctx, now.subscriptionId, why);
      return;
    }
    default:
      unknown(mode);
  }
}

/**
 * `charge.refunded`: each refund of the charge takes back its share of what the payment granted
 * (refunds in the order they were made, each the growth of the refunded share, so the parts add up
 * to the whole on a full refund), keyed by the refund. A full refund also ends what it bought: a
 * plan whose current period the invoice paid for. A gift's refunds are decided on its buyer
 * (`settleGiftRefund`).
 */
export async function takeBackRefunds(ctx: SettlementContext, chargeId: string): Promise<void> {
  const charge = await ctx.stripe.charges.retrieve(chargeId);
  if (charge.amount_refunded <= 0) return;
  const payment = await settledPaymentOf(ctx, charge);
  if (!payment) return;
  const entry = entryOf(ctx, payment);
  const product = entry.find(payment.product);
  const gift = entry.takeBack === 'gift';
  const holder = gift ? null : await holderOf(ctx, payment, entry);
  const refunds = (
    await ctx.stripe.refunds.list({ charge: charge.id, limit: 100 }).autoPagingToArray({ limit: 10_000 })
  )
    .filter((refund) => refund.status === 'succeeded' || refund.status === 'pending')
    .reverse();
  const reason = product ? entry.words.takenBack(product, 'refund') : `refunded: ${payment.product}`;
  let refunded = 0;
  for (const refund of refunds) {
    const before = refunded;
    refunded += refund.amount;
    const amounts = {
      credits:
        shareOf(payment.creditsGranted, refunded, charge.amount) -
        shareOf(payment.creditsGranted, before, charge.amount),
      hypercredits:
        shareOf(payment.hypercreditsGranted, refunded, charge.amount) -
        shareOf(payment.hypercreditsGranted, before, charge.amount),
    };
    if (gift) {
      await settleGiftRefund(ctx, {
        payment,
        refund,
        full: refunded >= charge.amount,
        amounts,
        reason,
        takeBackOnce: (userId, key, taken, why) => takeBackOnce(ctx, userId, key, taken, why),
        endSubscription: (subscriptionId, why) => endSubscription(ctx, subscriptionId, why),
      });
    } else if (holder) {
      await takeBackOnce(ctx, holder, `clawback:refund:${refund.id}`, amounts, reason);
    }
  }
  await setPaymentRefunded(ctx.db, payment.id, charge.amount_refunded);
  if (charge.refunded && !gift) await endWhatItBought(ctx, payment, entry.takeBack, 'refunded');
}

const DISPUTE_STATE: Record<string, 'open' | 'won' | 'lost'> = {
  warning_needs_response: 'open',
  warning_under_review: 'open',
  needs_response: 'open',
  under_review: 'open',
  appeal_needs_response: 'open',
  appeal_under_review: 'open',
  won: 'won',
  lost: 'lost',
  // Closed without the funds being taken: as good as won.
  warning_closed: 'won',
  prevented: 'won',
};

/** What Stripe withdrew for a dispute besides the amount: the fee. */
const feeOf = (dispute: Stripe.Dispute) =>
  dispute.balance_transactions.filter((t) => t.amount < 0).reduce((sum, t) => sum + t.fee, 0);

/**
 * `charge.dispute.*`: an open dispute marks the payment disputed (the account's new jobs pause);
 * a won one clears that; a lost one takes back what the payment granted and is not already taken
 * back by refunds, keyed by the dispute, and ends what it bought.
 */
export async function settleDispute(ctx: SettlementContext, disputeId: string): Promise<void> {
  const dispute = await ctx.stripe.disputes.retrieve(disputeId);
  const charge = await ctx.stripe.charges.retrieve(idOf(dispute.charge)!);
  const payment = await settledPaymentOf(ctx, charge);
  if (!payment) {
    if (idOf(charge.payment_intent)) throw notSettledYet(charge.id);
    return;
  }
  const state = DISPUTE_STATE[dispute.status] ?? 'open';
  if (state === 'lost') {
    const entry = entryOf(ctx, payment);
    const product = entry.find(payment.product);
    const holder = await holderOf(ctx, payment, entry);
    if (holder) {
      const left = (granted: number) => granted - shareOf(granted, charge.amount_refunded, charge.amount);
      const reason = product ? entry.words.takenBack(product, 'dispute') : `charged back: ${payment.product}`;
      const amounts = {
        credits: left(payment.creditsGranted),
        hypercredits: left(payment.hypercreditsGranted),
      };
      await takeBackOnce(ctx, holder, `clawback:dispute:${dispute.id}`, amounts, reason);
      if (entry.takeBack === 'gift') {
        // The buyer's chargeback lands on the recipient: they are told why.
        await tellRecipient(ctx, {
          userId: holder,
          key: `gift-taken-back:${dispute.id}`,
          plan: payment.product,
          amounts,
          ended: true,
          cause: 'dispute',
        });
      }
    }
    await setPaymentDispute(ctx.db, payment.id, {
      status: state,
      amountCents: dispute.amount,
      feeCents: feeOf(dispute),
    });
    await endWhatItBought(ctx, payment, entry.takeBack, 'charged back');
    return;
  }
  await setPaymentDispute(ctx.db, payment.id, {
    status: state,
    amountCents: dispute.amount,
    feeCents: feeOf(dispute),
  });
}
