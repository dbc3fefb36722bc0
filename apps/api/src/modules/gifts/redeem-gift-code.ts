import { type Db, type UserRow, claimGiftCode, findGiftCode, releaseGiftCode } from '@app/db';
import {
  type RedeemGiftCodeBody,
  type RedeemGiftCodeResult,
  findTier,
  normalizeGiftCode,
  withVersion,
} from '@app/domain';
import type Stripe from 'stripe';
import { AppError } from '../../lib/errors.ts';
import { findTargetUser } from '../customers/access.ts';
import { ensureCustomer } from '../customers/ensure-customer.ts';
import { grantInvoiceCredits } from '../credits/grant-credits.ts';
import { priceFor } from '../catalog/sync-catalog.ts';
import { syncSubscription } from '../subscriptions/sync-subscription.ts';
import type { WrongCodeLimiter } from './wrong-code-limiter.ts';

/** Where the browser goes after redeeming: always this fixed path on our own site. */
export const REDEEM_RETURN_PATH = withVersion('/dashboard?refresh=true');

/** One period of a gifted plan, as a trial: Stripe counts trials in days. */
const GIFT_DAYS = { Monthly: 30, Yearly: 365 } as const;

const wrongCode = () =>
  new AppError('GIFT_CODE_INVALID', { status: 404, message: 'That gift code is not valid' });
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
 * invoice.paid webhook uses, so they land once. If Stripe fails, the claim is released.
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
  await limiter.check(keys);
  const code = normalizeGiftCode(body.giftCode);
  if (!code) {
    await limiter.record(keys);
    throw wrongCode();
  }

  const claimed = await claimGiftCode(db, code, target.id);
  if (!claimed) {
    if (await findGiftCode(db, code)) throw usedCode();
    await limiter.record(keys);
    throw wrongCode();
  }

  let subscription: Stripe.Subscription;
  try {
    const tier = findTier(claimed.tier);
    if (!tier) throw new Error(`Gift code ${claimed.id} has an unknown plan: ${claimed.tier}`);
    const customer = await ensureCustomer({ db, stripe, user: target });
    const price = await priceFor(stripe, tier.lookupKey);
    subscription = await stripe.subscriptions.create(
      {
        customer,
        items: [{ price: price.id }],
        trial_period_days: GIFT_DAYS[tier.ptype],
        trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
        cancel_at_period_end: true,
        metadata: { userId: target.id, tier: tier.tier, gifted: 'true', giftCodeId: claimed.id },
        expand: ['latest_invoice'],
      },
      { idempotencyKey: `gift-redeem:${claimed.id}` },
    );
  } catch (error) {
    await releaseGiftCode(db, claimed.id, target.id);
    throw error;
  }
  await syncSubscription({ db, stripe, subscriptionId: subscription.id });
  const invoice = subscription.latest_invoice;
  if (invoice && typeof invoice !== 'string') await grantInvoiceCredits({ db, stripe, invoice });
  return {
    url: REDEEM_RETURN_PATH,
    tier: claimed.tier,
    current_period_end: subscription.items.data[0]?.current_period_end ?? 0,
  };
}
