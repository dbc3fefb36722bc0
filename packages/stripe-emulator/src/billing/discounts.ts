import type { Ctx } from '../ctx.ts';
import { invalidRequest } from '../errors.ts';
import { arr, str } from '../params.ts';
import { refreshCoupon, refreshPromotionCode } from '../resources/coupons.ts';
import type { Kept, Params } from '../types.ts';
import { addInterval } from './periods.ts';

export interface DiscountChoice {
  coupon: Kept<'coupon'>;
  promotionCode: Kept<'promotion_code'> | null;
}

export interface RedemptionContext {
  customer: string | null;
  /** Amount before discounts, for a promotion code's `minimum_amount`. */
  amount?: number;
  currency?: string;
  param?: string;
}

/** Reads `coupon`, `promotion_code` and `discounts[i][coupon|promotion_code]`, checking each can be redeemed. */
export function readDiscounts(
  ctx: Ctx,
  p: Params,
  customer: string | null,
  amount?: number,
): DiscountChoice[] {
  const wanted: { coupon?: string; promotion_code?: string; param: string }[] = [];
  const coupon = str(p, 'coupon');
  if (coupon) wanted.push({ coupon, param: 'coupon' });
  const promo = str(p, 'promotion_code');
  if (promo) wanted.push({ promotion_code: promo, param: 'promotion_code' });
  (arr(p, 'discounts') ?? []).forEach((d, i) =>
    wanted.push({
      coupon: str(d, 'coupon', `discounts[${i}][coupon]`),
      promotion_code: str(d, 'promotion_code', `discounts[${i}][promotion_code]`),
      param: `discounts[${i}]`,
    }),
  );
  return wanted.map((w) => {
    if (w.promotion_code) {
      const code = ctx.ref(w.promotion_code, 'promotion_code', w.param);
      return checkRedeemable(
        ctx,
        { coupon: ctx.get(code.promotion.coupon as string, 'coupon'), promotionCode: code },
        {
          customer,
          amount,
          param: w.param,
        },
      );
    }
    if (!w.coupon) throw invalidRequest('Missing required param: coupon.', 'parameter_missing', w.param);
    const c = ctx.ref(w.coupon, 'coupon', w.param);
    return checkRedeemable(ctx, { coupon: c, promotionCode: null }, { customer, amount, param: w.param });
  });
}

/** Customers with a paid invoice or a successful charge have transacted before. */
function hasTransacted(ctx: Ctx, customer: string): boolean {
  return (
    ctx.all('charge').some((c) => c.customer === customer && c.status === 'succeeded') ||
    ctx.all('invoice').some((i) => i.customer === customer && i.status === 'paid' && i.amount_paid > 0)
  );
}

/** Refuses a coupon or promotion code Stripe would not let this customer redeem now. */
export function checkRedeemable(ctx: Ctx, choice: DiscountChoice, at: RedemptionContext): DiscountChoice {
  const param = at.param ?? 'discounts';
  const coupon = refreshCoupon(ctx, choice.coupon);
  const code = choice.promotionCode ? refreshPromotionCode(ctx, choice.promotionCode) : null;
  if (code) {
    const refuse = (message: string, errorCode: string) => invalidRequest(message, errorCode, param);
    if (code.max_redemptions !== null && code.times_redeemed >= code.max_redemptions)
      throw refuse(
        `This promotion code has been redeemed the maximum number of times (${code.max_redemptions}).`,
        'promotion_code_max_redemptions',
      );
    if (code.expires_at !== null && ctx.now() > code.expires_at)
      throw refuse('This promotion code has expired.', 'promotion_code_expired');
    if (!code.active) throw refuse('This promotion code is inactive.', 'promotion_code_inactive');
    if (code.customer && code.customer !== at.customer)
      throw refuse(
        'This promotion code cannot be redeemed by this customer.',
        'promotion_code_customer_mismatch',
      );
    const r = code.restrictions;
    // A guest at Checkout has no history yet: only a known customer can have bought before.
    if (r.first_time_transaction && at.customer && hasTransacted(ctx, at.customer))
      throw refuse(
        'This promotion code can only be redeemed by customers who have not made a purchase before.',
        'promotion_code_first_time_transaction',
      );
    if (r.minimum_amount !== null && at.amount !== undefined && at.amount < r.minimum_amount)
      throw refuse(
        `This promotion code requires a minimum amount of ${r.minimum_amount} ${r.minimum_amount_currency}.`,
        'promotion_code_minimum_amount',
      );
  }
  if (!coupon.valid) {
    const used = coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions;
    throw used
      ? invalidRequest(
          `Coupon ${coupon.id} has been redeemed the maximum number of times (${coupon.max_redemptions}).`,
          'coupon_expired',
          param,
        )
      : invalidRequest(`Coupon expired: ${coupon.id}`, 'coupon_expired', param);
  }
  return { coupon, promotionCode: code };
}

/** Counts one redemption of each choice, as Stripe does when a discount is actually used. */
export function countRedemptions(ctx: Ctx, choices: DiscountChoice[]): void {
  for (const { coupon, promotionCode } of choices) {
    coupon.times_redeemed = coupon.times_redeemed + 1;
    refreshCoupon(ctx, coupon);
    if (promotionCode) {
      promotionCode.times_redeemed = promotionCode.times_redeemed + 1;
      refreshPromotionCode(ctx, promotionCode);
    }
  }
}

/** The coupon and promotion code behind stored discount objects. */
export function choicesOf(ctx: Ctx, discountIds: string[]): DiscountChoice[] {
  return discountIds.map((id) => {
    const d = ctx.get(id, 'discount');
    return {
      coupon: ctx.get(d.source.coupon as string, 'coupon'),
      promotionCode: d.promotion_code ? ctx.get(d.promotion_code as string, 'promotion_code') : null,
    };
  });
}

/**
 * Stores the discount objects for a subscription or invoice. A subscription counts the redemption
 * at once; an invoice counts it when it is finalized (`count: false` here).
 */
export function applyDiscounts(
  ctx: Ctx,
  choices: DiscountChoice[],
  owner: Kept<'subscription'> | Kept<'invoice'> | Kept<'checkout.session'> | Kept<'customer'>,
  count = true,
): string[] {
  if (count) countRedemptions(ctx, choices);
  return choices.map(({ coupon, promotionCode }) => {
    const start = ctx.now();
    const discount = ctx.create('discount', 'di', {
      checkout_session: owner.object === 'checkout.session' ? owner.id : null,
      customer: owner.object === 'customer' ? owner.id : (owner.customer ?? null),
      end:
        coupon.duration === 'repeating'
          ? addInterval(start, 'month', coupon.duration_in_months as number)
          : null,
      invoice: owner.object === 'invoice' ? owner.id : null,
      promotion_code: promotionCode?.id ?? null,
      source: { coupon: coupon.id, type: 'coupon' },
      start,
      subscription: owner.object === 'subscription' ? owner.id : null,
    });
    return ctx.put(discount).id;
  });
}

/** The amount a set of discounts takes off a subtotal, and each discount's share. */
export function discountAmounts(
  ctx: Ctx,
  discountIds: string[],
  subtotal: number,
): { amount: number; discount: string }[] {
  let remaining = Math.max(0, subtotal);
  return discountIds.map((id) => {
    const discount = ctx.get(id, 'discount');
    const coupon = ctx.get(discount.source.coupon as string, 'coupon');
    const off =
      coupon.percent_off !== null
        ? Math.round((remaining * coupon.percent_off) / 100)
        : Math.min(remaining, coupon.amount_off as number);
    remaining -= off;
    return { amount: off, discount: id };
  });
}

/** Discounts still running at `time`; `once` discounts end after the first invoice. */
export function activeDiscounts(ctx: Ctx, ids: string[], time: number): string[] {
  return ids.filter((id) => {
    const d = ctx.find(id, 'discount');
    return d && (d.end === null || time < d.end);
  });
}
