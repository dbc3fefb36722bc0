import { PAYMENT_KINDS, kindEntry, paymentKindIn } from '@app/domain';
import { type Db, listUnfinishedGiftClaims } from '@app/db';
import type Stripe from 'stripe';
import type { AccountNotifier } from '../billing/account-notices.ts';
import { resumeAutoTopUps } from '../payments/run-auto-top-up.ts';
import { grantDueYearlyMonths } from '../subscriptions/grant-yearly-months.ts';
import { completeGiftClaim } from '../gifts/complete-gift-redemption.ts';
import type { SettlementContext } from '../settlement/settlement-context.ts';
import { settleDispute, takeBackRefunds } from '../settlement/take-back.ts';
import { settleCheckoutSession, settleInvoice, settlePaymentIntent } from '../settlement/settle-paid.ts';

/** How far back a run looks: Stripe retries webhooks for 3 days, so nothing older is still owed. */
export const RECONCILE_WINDOW_SECONDS = 3 * 24 * 3600;

export interface ReconcileReport {
  paymentIntents: number;
  invoices: number;
  checkoutSessions: number;
  giftClaims: number;
  refunds: number;
  disputes: number;
  failures: number;
}

/**
 * Re-reads Stripe for recent paid objects, refunds and disputes and applies what each one gives or
 * takes back, as its webhook would have: a crash between a charge and its grant, a webhook that never arrived, a redemption that
 * stopped half-way. Every grant is keyed in the ledger, so runs in several processes at once, or
 * beside the webhooks, grant nothing twice. One object failing does not stop the others.
 */
export async function reconcilePayments({
  db,
  stripe,
  log,
  kinds = PAYMENT_KINDS,
  notifier,
  now = Math.floor(Date.now() / 1000),
}: SettlementContext & { log?: { warn(obj: object, msg: string): void }; now?: number }) {
  const ctx: SettlementContext = { db, stripe, kinds, notifier };
  const kindOf = (metadata: Stripe.Metadata | null | undefined) =>
    kindEntry(kinds, paymentKindIn(kinds, metadata?.payment_type) ?? '')?.entry;
  const since = { gte: now - RECONCILE_WINDOW_SECONDS };
  const report: ReconcileReport = {
    paymentIntents: 0,
    invoices: 0,
    checkoutSessions: 0,
    giftClaims: 0,
    refunds: 0,
    disputes: 0,
    failures: 0,
  };
  const attempt = async (what: string, id: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      report.failures++;
      log?.warn({ err: error, [what]: id }, 'reconciliation step failed');
    }
  };

  for await (const intent of stripe.paymentIntents.list({ created: since, limit: 100 })) {
    // Plans settle by their invoices and gifts by their checkouts, below.
    if (intent.status !== 'succeeded' || kindOf(intent.metadata)?.grant !== 'buyer') continue;
    report.paymentIntents++;
    await attempt('paymentIntent', intent.id, () => settlePaymentIntent(ctx, intent));
  }
  for await (const invoice of stripe.invoices.list({ status: 'paid', created: since, limit: 100 })) {
    if (!invoice.parent?.subscription_details && kindOf(invoice.metadata)?.grant !== 'buyer') continue;
    report.invoices++;
    await attempt('invoice', invoice.id, () => settleInvoice(ctx, invoice.id));
  }
  for await (const session of stripe.checkout.sessions.list({ created: since, limit: 100 })) {
    if (session.status !== 'complete' || session.payment_status !== 'paid') continue;
    report.checkoutSessions++;
    await attempt('checkoutSession', session.id, () => settleCheckoutSession(ctx, session));
  }
  // Money flowing back, after the grants it takes back from.
  const refundedCharges = new Set<string>();
  for await (const refund of stripe.refunds.list({ created: since, limit: 100 })) {
    const charge = typeof refund.charge === 'string' ? refund.charge : refund.charge?.id;
    if (!charge || refundedCharges.has(charge)) continue;
    refundedCharges.add(charge);
    report.refunds++;
    await attempt('charge', charge, () => takeBackRefunds(ctx, charge));
  }
  for await (const dispute of stripe.disputes.list({ created: since, limit: 100 })) {
    report.disputes++;
    await attempt('dispute', dispute.id, () => settleDispute(ctx, dispute.id));
  }
  for (const claimed of await listUnfinishedGiftClaims(db)) {
    report.giftClaims++;
    await attempt('giftCode', claimed.id, () => completeGiftClaim({ db, stripe, claimed }));
  }
  return report;
}

/**
 * Runs the reconciliation at start-up and then every `intervalMs`, one run at a time. Returns a stop
 * function that waits for a run in progress.
 */
export function startReconciler({
  db,
  stripe,
  log,
  intervalMs,
  notifier,
}: {
  db: Db;
  stripe: Stripe;
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  intervalMs: number;
  /** Direct messages for what it settles (a gift taken back), as the webhook sends them. */
  notifier?: AccountNotifier;
}) {
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = reconcilePayments({ db, stripe, log, notifier })
      .then((report) => log?.info({ report }, 'payments reconciled'))
      // Yearly plans' later months fall due on the calendar, not on a Stripe event.
      .then(async () => {
        const months = await grantDueYearlyMonths({ db, stripe });
        if (months > 0) log?.info({ months }, 'yearly plans: monthly credits granted');
      })
      // Top-ups due, or left half-done by a process that died, with the same idempotency keys.
      .then(async () => {
        const topUps = await resumeAutoTopUps({ db, stripe, notifier, log });
        if (topUps > 0) log?.info({ topUps }, 'auto top-ups bought');
      })
      .catch((error: unknown) => log?.warn({ err: error }, 'reconciliation failed'))
      .finally(() => {
        running = undefined;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
