import type { Ctx } from '../ctx.ts';
import { invalidRequest } from '../errors.ts';
import { arr, str } from '../params.ts';
import { refreshCoupon, refreshPromotionCode } from '../resources/coupons.ts';
import type { Obj, Params } from '../types.ts';
import { addInterval } from './periods.ts';

export interface DiscountChoice {
  coupon: Obj;
  promotionCode: Obj | null;
}

/** Reads `coupon`, `promotion_code` and `discounts[i][coupon|promotion_code]`, checking validity. */
export function readDiscounts(ctx: Ctx, p: Params, customer: string | null): DiscountChoice[] {
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
      const code = refreshPromotionCode(ctx, ctx.get(w.promotion_code, 'promotion_code', w.param));
      if (!code.active) {
        throw invalidRequest(
          `This promotion code cannot be redeemed because it is inactive.`,
          'promotion_code_inactive',
          w.param,
        );
      }
      if (code.customer && code.customer !== customer) {
        throw invalidRequest(
          'This promotion code cannot be redeemed by this customer.',
          'promotion_code_customer_mismatch',
          w.param,
        );
      }
      return { coupon: checkCoupon(ctx, code.promotion.coupon as string, w.param), promotionCode: code };
    }
    if (!w.coupon) throw invalidRequest('Missing required param: coupon.', 'parameter_missing', w.param);
    return { coupon: checkCoupon(ctx, w.coupon, w.param), promotionCode: null };
  });
}

function checkCoupon(ctx: Ctx, id: string, param: string): Obj {
  const coupon = refreshCoupon(ctx, ctx.get(id, 'coupon', param));
  if (!coupon.valid) throw invalidRequest(`Coupon expired: ${id}`, 'coupon_expired', param);
  return coupon;
}

/** Stores the discount objects for a subscription or checkout session and counts the redemption. */
export function applyDiscounts(ctx: Ctx, choices: DiscountChoice[], owner: Obj): string[] {
  return choices.map(({ coupon, promotionCode }) => {
    coupon.times_redeemed = (coupon.times_redeemed as number) + 1;
    refreshCoupon(ctx, coupon);
    if (promotionCode) {
      promotionCode.times_redeemed = (promotionCode.times_redeemed as number) + 1;
      refreshPromotionCode(ctx, promotionCode);
    }
    const start = ctx.now();
    const discount = ctx.create('discount', 'di', {
      checkout_session: owner.object === 'checkout.session' ? owner.id : null,
      customer: owner.customer ?? null,
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
    return ctx.put(discount).id as string;
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
        ? Math.round((remaining * (coupon.percent_off as number)) / 100)
        : Math.min(remaining, coupon.amount_off as number);
    remaining -= off;
    return { amount: off, discount: id };
  });
}

/** Discounts still running at `time`; `once` discounts end after the first invoice. */
export function activeDiscounts(ctx: Ctx, ids: string[], time: number): string[] {
  return ids.filter((id) => {
    const d = ctx.find(id, 'discount');
    return d && (d.end === null || time < (d.end as number));
  });
}
