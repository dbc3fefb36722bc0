import type { UserRow } from '@app/db';
import type { VerifyCouponResult } from '@app/domain';
import type Stripe from 'stripe';
import { loadOwnIntent } from '../payments/process-single-payment.ts';
import { discountedAmount, resolveCoupon } from '../payments/resolve-coupon.ts';

/**
 * Whether a typed coupon is one of Stripe's valid coupons or active promotion codes and, for the
 * caller's own checkout payment, what that payment costs with it. Pay checks the coupon again.
 */
export async function quoteCoupon({
  stripe,
  user,
  couponid,
  paymentIntentId,
}: {
  stripe: Stripe;
  user: UserRow;
  couponid: string;
  paymentIntentId?: string;
}): Promise<VerifyCouponResult> {
  const coupon = await resolveCoupon({ stripe, code: couponid });
  if (!coupon) return { valid: false, discountName: null, amount: null, discountedAmount: null };
  const intent = paymentIntentId ? await loadOwnIntent(stripe, user, paymentIntentId) : undefined;
  return {
    valid: true,
    discountName: coupon.name,
    amount: intent?.amount ?? null,
    discountedAmount: intent ? discountedAmount(intent.amount, coupon) : null,
  };
}
