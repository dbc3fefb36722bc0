import type Stripe from 'stripe';

export interface ResolvedCoupon {
  couponId: string;
  promotionCodeId: string | null;
  name: string;
  percentOff: number | null;
  amountOff: number | null;
}

/**
 * Finds what a typed coupon means: an active promotion code (case-insensitive, as customers type
 * it) or a valid coupon id. Undefined when it is neither.
 */
export async function resolveCoupon({
  stripe,
  code,
}: {
  stripe: Stripe;
  code: string;
}): Promise<ResolvedCoupon | undefined> {
  const typed = code.trim();
  if (!typed || !/^[A-Za-z0-9_-]{1,64}$/.test(typed)) return undefined;
  for (const candidate of new Set([typed, typed.toUpperCase()])) {
    const { data } = await stripe.promotionCodes.list({ code: candidate, active: true, limit: 1 });
    const promo = data[0];
    if (!promo) continue;
    const ref = promo.promotion.coupon;
    if (!ref) continue;
    const coupon = typeof ref === 'string' ? await stripe.coupons.retrieve(ref) : ref;
    if (coupon.valid) return describe(coupon, promo.id, promo.code);
  }
  try {
    const coupon = await stripe.coupons.retrieve(typed);
    return coupon.valid ? describe(coupon, null, coupon.name ?? coupon.id) : undefined;
  } catch (error) {
    if ((error as { code?: string }).code === 'resource_missing') return undefined;
    throw error;
  }
}

function describe(coupon: Stripe.Coupon, promotionCodeId: string | null, name: string): ResolvedCoupon {
  return {
    couponId: coupon.id,
    promotionCodeId,
    name: coupon.name ?? name,
    percentOff: coupon.percent_off ?? null,
    amountOff: coupon.amount_off ?? null,
  };
}

/** The price after the coupon, in cents, never below zero. */
export function discountedAmount(price: number, coupon: ResolvedCoupon | undefined): number {
  if (!coupon) return price;
  if (coupon.percentOff) return Math.max(0, Math.round(price * (1 - coupon.percentOff / 100)));
  if (coupon.amountOff) return Math.max(0, price - coupon.amountOff);
  return price;
}

/** How a coupon is attached to a subscription. */
export const discountOf = (coupon: ResolvedCoupon): Stripe.SubscriptionCreateParams.Discount =>
  coupon.promotionCodeId ? { promotion_code: coupon.promotionCodeId } : { coupon: coupon.couponId };
