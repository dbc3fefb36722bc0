import {
  type AutoTopUpRow,
  type Db,
  type UserRow,
  claimAutoTopUp,
  findAutoTopUp,
  findUserById,
  finishAutoTopUp,
  listDueAutoTopUps,
  markAutoTopUpCapped,
  rearmAutoTopUp,
  setAutoTopUpIntent,
  spentSinceCents,
  stopAutoTopUp,
} from '@app/db';
import { type CreditPackage, TOP_UP_TYPE, findCreditPackage, topUpWaitingText } from '@app/domain';
import Stripe from 'stripe';
import { type AccountNotifier, sendAccountNotice } from '../billing/account-notices.ts';
import { capPeriods, sendCapAlerts } from '../billing/spend-caps.ts';
import { ensureCustomer } from '../customers/ensure-customer.ts';
import { settlePaymentIntent } from '../settlement/settle-paid.ts';

export interface TopUpContext {
  db: Db;
  stripe: Stripe;
  notifier?: AccountNotifier;
  log?: { warn?(obj: object, msg: string): void };
}

export type TopUpOutcome =
  'off' | 'not-needed' | 'capped' | 'elsewhere' | 'bought' | 'pending' | 'waiting' | 'declined';

/**
 * How long a claimed crossing belongs to the process that claimed it; after that (it died) the
 * reconciler takes it up. Longer than any PaymentIntent call takes.
 */
export const TOP_UP_LEASE_SECONDS = 60;

/** The Stripe idempotency key of a crossing: every process and every retry makes the same payment. */
export const topUpKey = (userId: string, crossing: number) => `auto-top-up:${userId}:${crossing}`;

/**
 * Buys the chosen package when the credits are below the threshold, once per fall below it: the
 * caller that claims the crossing (`armed` → `buying`) makes its one off-session PaymentIntent; a
 * crossing left `buying` by a crash is taken up again with the same idempotency key, so Stripe
 * answers with the payment already made. `creditsBefore`, when a hold caused the call, says the
 * credits were above the threshold before it: a fall that re-arms a top-up already spent.
 */
export async function runAutoTopUp(
  ctx: TopUpContext,
  { userId, creditsBefore }: { userId: string; creditsBefore?: number },
): Promise<TopUpOutcome> {
  let row = await findAutoTopUp(ctx.db, userId);
  const user = await findUserById(ctx.db, userId);
  if (!row?.enabled || !user) return 'off';
  if (row.state === 'spent') {
    await rearmAutoTopUp(ctx.db, userId, Math.max(user.credits, creditsBefore ?? user.credits));
    row = (await findAutoTopUp(ctx.db, userId))!;
  }
  const pack = findCreditPackage(row.packageName);
  if (!pack) return 'off';
  if (row.state === 'waiting') return 'waiting';
  if (row.state === 'buying') {
    // Another process is buying this crossing; after its lease it died, and the crossing is ours.
    const leaseEnds = row.updatedAt.getTime() + TOP_UP_LEASE_SECONDS * 1000;
    return Date.now() < leaseEnds ? 'elsewhere' : buy(ctx, user, row, pack);
  }
  if (row.state !== 'armed' || user.credits >= row.thresholdCredits) return 'not-needed';
  if (await capStops(ctx, user, row, pack)) return 'capped';
  const claimed = await claimAutoTopUp(ctx.db, userId);
  if (!claimed) return 'elsewhere';
  // Checked again now the crossing is ours: a top-up granted since the first look counts.
  if (await capStops(ctx, user, claimed, pack)) {
    await stopAutoTopUp(ctx.db, userId, claimed.crossing, { turnOff: false, back: 'armed' });
    return 'capped';
  }
  return buy(ctx, user, claimed, pack);
}

/** Whether the monthly cap stops buying `pack` now; when it does, the month is marked and alerted. */
async function capStops(ctx: TopUpContext, user: UserRow, row: AutoTopUpRow, pack: CreditPackage) {
  if (!row.monthlyCapCents) return false;
  const periods = capPeriods();
  const spent = await spentSinceCents(ctx.db, user.id, periods.monthStart);
  if (spent + pack.price <= row.monthlyCapCents) return false;
  await markAutoTopUpCapped(ctx.db, user.id, periods.month);
  await alertCaps(ctx, user, true);
  return true;
}

async function alertCaps(ctx: TopUpContext, user: UserRow, cappedNow = false) {
  try {
    await sendCapAlerts({ db: ctx.db, notifier: ctx.notifier, user, cappedNow });
  } catch (error) {
    // Recorded and unsent: the next spend or top-up sends it.
    ctx.log?.warn?.({ err: error }, 'a spend cap alert could not be sent');
  }
}

async function notify(ctx: TopUpContext, user: UserRow, key: string, kind: string, content: string) {
  try {
    await sendAccountNotice({ db: ctx.db, notifier: ctx.notifier, user, key, kind, content });
  } catch (error) {
    ctx.log?.warn?.({ err: error }, 'an auto top-up notice could not be sent');
  }
}

const dashboardLink = (ctx: TopUpContext) => `${ctx.notifier?.publicUrl() ?? ''}/dashboard`;

async function buy(
  ctx: TopUpContext,
  user: UserRow,
  row: AutoTopUpRow,
  pack: CreditPackage,
): Promise<TopUpOutcome> {
  const crossing = row.crossing;
  let intent: Stripe.PaymentIntent;
  try {
    const customer = await ensureCustomer({ db: ctx.db, stripe: ctx.stripe, user });
    intent = await ctx.stripe.paymentIntents.create(
      {
        amount: pack.price,
        currency: 'usd',
        customer,
        payment_method: row.paymentMethod!,
        off_session: true,
        confirm: true,
        description: `Auto top-up: ${pack.name}`,
        metadata: {
          payment_type: TOP_UP_TYPE,
          tierType: pack.name,
          userId: user.id,
          crossing: String(crossing),
        },
      },
      { idempotencyKey: topUpKey(user.id, crossing) },
    );
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
    const failed = error.payment_intent;
    if (error.code === 'authentication_required' && failed) {
      return waitForBank(ctx, user, crossing, failed.id, pack);
    }
    const reason = `your card ending ${row.cardLast4 ?? '????'} was declined for the ${pack.name}.`;
    await stopAutoTopUp(ctx.db, user.id, crossing, { turnOff: true, reason });
    await notify(
      ctx,
      user,
      `top-up-declined:${user.id}:${crossing}`,
      'topUpDeclined',
      `Auto top-up is off: ${reason} Save another card on the dashboard and turn it on again: ${dashboardLink(ctx)}`,
    );
    return 'declined';
  }
  if (intent.status === 'requires_action') return waitForBank(ctx, user, crossing, intent.id, pack);
  await setAutoTopUpIntent(ctx.db, user.id, crossing, intent.id, 'buying');
  if (intent.status !== 'succeeded') return 'pending';
  await finishPaidTopUp(ctx, intent);
  return 'bought';
}

async function waitForBank(
  ctx: TopUpContext,
  user: UserRow,
  crossing: number,
  intentId: string,
  pack: CreditPackage,
): Promise<TopUpOutcome> {
  await setAutoTopUpIntent(ctx.db, user.id, crossing, intentId, 'waiting');
  await notify(
    ctx,
    user,
    `top-up-waiting:${user.id}:${crossing}`,
    'topUpWaiting',
    `${topUpWaitingText(pack.name, pack.price)} Confirm it here: ${dashboardLink(ctx)}`,
  );
  return 'waiting';
}

/**
 * A succeeded top-up: its credits granted through the payment-kind registry (the same grant the
 * webhook and the reconciler make, keyed by the payment intent), the crossing closed, the caps'
 * alerts sent. Safe to run any number of times.
 */
export async function finishPaidTopUp(ctx: TopUpContext, intent: Stripe.PaymentIntent): Promise<void> {
  if (intent.status !== 'succeeded' || intent.metadata.payment_type !== TOP_UP_TYPE) return;
  await settlePaymentIntent({ db: ctx.db, stripe: ctx.stripe }, intent);
  const userId = intent.metadata.userId;
  const crossing = Number(intent.metadata.crossing);
  const user = userId ? await findUserById(ctx.db, userId) : undefined;
  if (!user || !Number.isInteger(crossing)) return;
  await finishAutoTopUp(ctx.db, user.id, crossing);
  await alertCaps(ctx, user);
}

/**
 * Takes up every top-up that is due or was left half-done (a crash after the claim, before or after
 * the PaymentIntent): run at start-up and by the reconciler.
 */
export async function resumeAutoTopUps(ctx: TopUpContext): Promise<number> {
  let resumed = 0;
  for (const userId of await listDueAutoTopUps(ctx.db, TOP_UP_LEASE_SECONDS)) {
    try {
      const outcome = await runAutoTopUp(ctx, { userId });
      if (outcome === 'bought') resumed += 1;
    } catch (error) {
      ctx.log?.warn?.({ err: error, userId }, 'an auto top-up could not be resumed');
    }
  }
  return resumed;
}

/**
 * What follows a job's hold: the auto top-up (when the credits fell below the threshold) and the
 * caps' alerts. Errors stay here: the reconciler takes up a top-up that could not run.
 */
export async function afterSpending(
  ctx: TopUpContext,
  event: { userId: string; creditsBefore?: number },
): Promise<TopUpOutcome> {
  const outcome = await runAutoTopUp(ctx, event);
  const user = await findUserById(ctx.db, event.userId);
  if (user) await alertCaps(ctx, user);
  return outcome;
}
