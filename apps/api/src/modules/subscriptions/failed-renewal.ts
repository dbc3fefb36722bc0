import { findUserById, type UserRow } from '@app/db';
import { findTier, formatEpochDate, paymentFailedNotice, planLapsedNotice } from '@app/domain';
import type Stripe from 'stripe';
import { type AccountNotifier, sendAccountNotice } from '../billing/account-notices.ts';
import type { SettlementContext } from '../settlement/settlement-context.ts';
import { syncSubscription } from './sync-subscription.ts';

const idOf = (value: string | { id?: string }) => (typeof value === 'string' ? value : value.id!);

/**
 * A renewal charge failed (`invoice.payment_failed`, carrying the invoice as it was then). Our copy
 * of the subscription follows Stripe: `past_due` keeps the plan while Stripe retries; once it stops
 * (no next attempt) the plan has lapsed to free. The user hears of each once by Discord DM: the
 * first failure, asking for a new card, and the lapse. Nothing is sent for an invoice paid since.
 */
export async function handleFailedRenewal(
  ctx: SettlementContext & { notifier?: AccountNotifier },
  failed: Stripe.Invoice,
): Promise<void> {
  const ref = failed.parent?.subscription_details?.subscription;
  if (!ref || failed.billing_reason !== 'subscription_cycle') return;
  const synced = await syncSubscription({ db: ctx.db, stripe: ctx.stripe, subscriptionId: idOf(ref) });
  if (!synced) return;
  const invoice = await ctx.stripe.invoices.retrieve(failed.id);
  if (invoice.status !== 'open') return;
  const user = await findUserById(ctx.db, synced.userId);
  if (!user) return;
  const retrying = failed.next_payment_attempt !== null;
  await notify(ctx, user, {
    key: `${retrying ? 'payment-failed' : 'plan-lapsed'}:${invoice.id}`,
    kind: retrying ? 'payment-failed' : 'plan-lapsed',
    content: (retrying ? paymentFailedNotice : planLapsedNotice)({
      plan: findTier(synced.tier)?.tier ?? synced.tier,
      nextAttempt: failed.next_payment_attempt ? formatEpochDate(failed.next_payment_attempt) : null,
      link: retrying
        ? `${ctx.notifier?.publicUrl() ?? ''}/subscriptionstatus`
        : (invoice.hosted_invoice_url ?? `${ctx.notifier?.publicUrl() ?? ''}/subscriptionstatus`),
    }),
  });
}

async function notify(
  ctx: SettlementContext & { notifier?: AccountNotifier },
  user: UserRow,
  notice: { key: string; kind: string; content: string },
) {
  const outcome = await sendAccountNotice({ db: ctx.db, notifier: ctx.notifier, user, ...notice });
  ctx.log?.info({ userId: user.id, notice: notice.key, outcome }, 'account notice');
}
