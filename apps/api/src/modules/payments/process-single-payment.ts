import type { UserRow } from '@app/db';
import { type ProcessPaymentBody, type ProcessPaymentResult, findCreditPackage } from '@app/domain';
import type Stripe from 'stripe';
import { AppError, badRequest } from '../../lib/errors.ts';
import { customerIdOf } from '../customers/access.ts';
import { confirmPayment } from './confirm-payment.ts';
import { unknownPackage } from './create-payment-intent.ts';
import { grantPaymentCredits } from '../credits/grant-credits.ts';
import { discountedAmount, resolveCoupon } from './resolve-coupon.ts';
import type { PaymentCallOptions } from '../customers/payment-call.ts';
import { assertMayActOn } from '../../lib/authorization.ts';

export const invalidCoupon = () =>
  new AppError('INVALID_COUPON', { status: 400, message: 'Invalid Coupon Entered' });

export const PAYABLE_STATUSES = new Set(['requires_payment_method', 'requires_confirmation']);

export async function loadOwnIntent(stripe: Stripe, user: UserRow, id: string) {
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.retrieve(id);
  } catch (error) {
    if ((error as { code?: string }).code === 'resource_missing') {
      throw badRequest('Unknown payment intent', 'UNKNOWN_PAYMENT_INTENT');
    }
    throw error;
  }
  assertMayActOn(
    user,
    { customerId: customerIdOf(intent.customer) },
    'That payment record belongs to another account',
  );
  return intent;
}

export const alreadyPaid = () =>
  new AppError('ALREADY_PROCESSED', { status: 409, message: 'This payment was already processed' });

/** Pays for a credit package: applies the coupon, confirms the card, grants on success. */
export async function processSinglePayment({
  db,
  stripe,
  user,
  body,
}: PaymentCallOptions<ProcessPaymentBody>): Promise<ProcessPaymentResult> {
  let intent = await loadOwnIntent(stripe, user, body.paymentIntentId);
  if (intent.metadata.payment_type !== 'Credits') {
    throw badRequest('This payment is not a credit package purchase', 'WRONG_PAYMENT_TYPE');
  }
  if (!PAYABLE_STATUSES.has(intent.status)) throw alreadyPaid();
  const pack = findCreditPackage(intent.metadata.tierType ?? '');
  if (!pack) throw unknownPackage(intent.metadata.tierType ?? '');

  const coupon = body.couponCode ? await resolveCoupon({ stripe, code: body.couponCode }) : undefined;
  if (body.couponCode && !coupon) throw invalidCoupon();
  // The amount always starts from the catalog price, so retrying with a coupon never stacks it.
  const amount = discountedAmount(pack.price, coupon);
  if (amount < 50) throw badRequest('This coupon cannot be used for this package', 'COUPON_NOT_APPLICABLE');
  if (amount !== intent.amount || (intent.metadata.coupon ?? '') !== (coupon?.couponId ?? '')) {
    intent = await stripe.paymentIntents.update(intent.id, {
      amount,
      metadata: { coupon: coupon?.couponId ?? '', discountName: coupon?.name ?? '' },
    });
  }

  const { result, intent: confirmed } = await confirmPayment({
    stripe,
    intentId: intent.id,
    paymentMethodId: body.paymentMethodId,
    discountName: coupon?.name ?? null,
  });
  if (confirmed?.status === 'succeeded') await grantPaymentCredits({ db, paymentIntent: confirmed });
  return result;
}
