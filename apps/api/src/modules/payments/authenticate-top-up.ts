import { type Db, type UserRow, findAutoTopUp } from '@app/db';
import type Stripe from 'stripe';
import { AppError } from '../../lib/errors.ts';
import { mapStripeError } from '../../lib/stripe-errors.ts';
import { type TopUpContext, finishPaidTopUp } from './run-auto-top-up.ts';

const nothingWaiting = () =>
  new AppError('NO_TOP_UP_WAITING', { status: 409, message: 'No auto top-up is waiting for your bank.' });

/**
 * Brings a top-up that asked for authentication back on-session: the waiting PaymentIntent is
 * confirmed again with the saved card and a `return_url`, and the answer is the bank's page to open
 * (Stripe's `redirect_to_url`). When the bank is satisfied the payment succeeds and its webhook
 * grants the package; one already paid is granted now and answers `returnUrl`.
 */
export async function authenticateTopUp({
  db,
  stripe,
  user,
  returnUrl,
  notifier,
}: {
  db: Db;
  stripe: Stripe;
  user: UserRow;
  returnUrl: string;
  notifier?: TopUpContext['notifier'];
}): Promise<{ url: string }> {
  const row = await findAutoTopUp(db, user.id);
  if (!row || row.state !== 'waiting' || !row.intentId || !row.paymentMethod) throw nothingWaiting();
  let intent = await stripe.paymentIntents.retrieve(row.intentId);
  if (intent.status === 'succeeded') {
    await finishPaidTopUp({ db, stripe, notifier }, intent);
    return { url: returnUrl };
  }
  if (intent.status === 'canceled') throw nothingWaiting();
  if (intent.status !== 'requires_action') {
    try {
      intent = await stripe.paymentIntents.confirm(intent.id, {
        payment_method: row.paymentMethod,
        return_url: returnUrl,
      });
    } catch (error) {
      throw mapStripeError(error) ?? error;
    }
  }
  if (intent.status === 'succeeded') {
    await finishPaidTopUp({ db, stripe, notifier }, intent);
    return { url: returnUrl };
  }
  const url = intent.next_action?.redirect_to_url?.url;
  if (!url) throw nothingWaiting();
  return { url };
}
