import type { Ctx } from '../ctx.ts';
import { invalidRequest, missingParam } from '../errors.ts';
import { bool, int, mergeMetadata, num, obj, oneOf, str } from '../params.ts';
import { expandOf, list, render } from '../render.ts';
import type { ApiRoute } from '../router.ts';
import { newId } from '../store.ts';
import { isDeleted, markDeleted, type Kept, type Params, type Previous } from '../types.ts';

/** `valid` follows redeem_by and max_redemptions, as on Stripe. */
export function refreshCoupon(ctx: Ctx, coupon: Kept<'coupon'>): Kept<'coupon'> {
  const expired = coupon.redeem_by !== null && ctx.now() > coupon.redeem_by;
  const used = coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions;
  coupon.valid = !expired && !used && !isDeleted(coupon);
  return coupon;
}

export function refreshPromotionCode(ctx: Ctx, promo: Kept<'promotion_code'>): Kept<'promotion_code'> {
  const expired = promo.expires_at !== null && ctx.now() > promo.expires_at;
  const used = promo.max_redemptions !== null && promo.times_redeemed >= promo.max_redemptions;
  if (expired || used) promo.active = false;
  return promo;
}

function createCoupon(ctx: Ctx, p: Params): Kept<'coupon'> {
  const percentOff = num(p, 'percent_off');
  const amountOff = int(p, 'amount_off');
  if (percentOff === undefined && amountOff === undefined) missingOneOf();
  if (percentOff !== undefined && (percentOff <= 0 || percentOff > 100)) {
    throw invalidRequest(
      'Invalid percent_off: must be greater than 0 and at most 100',
      'parameter_invalid_decimal',
      'percent_off',
    );
  }
  const currency = str(p, 'currency');
  if (amountOff !== undefined && !currency) throw missingParam('currency');
  const duration = oneOf(p, 'duration', ['once', 'forever', 'repeating'] as const) ?? 'once';
  const months = int(p, 'duration_in_months');
  if (duration === 'repeating' && months === undefined) throw missingParam('duration_in_months');
  const id = str(p, 'id') || newId('', 8).slice(1);
  if (ctx.find(id, 'coupon')) throw invalidRequest('Coupon already exists.', 'resource_already_exists', 'id');
  const coupon = ctx.create('coupon', 'co', {
    id,
    amount_off: amountOff ?? null,
    currency: currency?.toLowerCase() ?? null,
    duration,
    duration_in_months: duration === 'repeating' ? months : null,
    max_redemptions: int(p, 'max_redemptions') ?? null,
    metadata: mergeMetadata({}, p),
    name: str(p, 'name') ?? null,
    percent_off: percentOff ?? null,
    redeem_by: int(p, 'redeem_by') ?? null,
    times_redeemed: 0,
    valid: true,
  });
  ctx.put(refreshCoupon(ctx, coupon));
  ctx.emit('coupon.created', coupon);
  return coupon;
}

function missingOneOf(): never {
  throw invalidRequest('You must pass either amount_off or percent_off.', 'parameter_missing', 'percent_off');
}

function restrictionsOf(p: Params): Kept<'promotion_code'>['restrictions'] {
  const r = obj(p, 'restrictions') ?? {};
  const minimum = int(r, 'minimum_amount', 'restrictions[minimum_amount]') ?? null;
  const currency = str(r, 'minimum_amount_currency', 'restrictions[minimum_amount_currency]');
  if (minimum !== null && !currency) throw missingParam('restrictions[minimum_amount_currency]');
  return {
    first_time_transaction:
      bool(r, 'first_time_transaction', 'restrictions[first_time_transaction]') ?? false,
    minimum_amount: minimum,
    minimum_amount_currency: minimum === null ? null : currency!.toLowerCase(),
  };
}

function createPromotionCode(ctx: Ctx, p: Params): Kept<'promotion_code'> {
  const promotion = obj(p, 'promotion');
  const couponId =
    (promotion ? str(promotion, 'coupon', 'promotion[coupon]') : undefined) ?? str(p, 'coupon');
  if (!couponId) throw missingParam('promotion[coupon]');
  const coupon = ctx.ref(couponId, 'coupon', 'promotion[coupon]');
  const code = str(p, 'code') || newId('', 8).slice(1).toUpperCase();
  if (ctx.all('promotion_code').some((x) => x.code === code && x.active)) {
    throw invalidRequest(
      `An active promotion code with \`code: ${code}\` already exists.`,
      'resource_already_exists',
      'code',
    );
  }
  const promo = ctx.create('promotion_code', 'promo', {
    active: bool(p, 'active') ?? true,
    code,
    customer: (str(p, 'customer') && ctx.get(str(p, 'customer')!, 'customer', 'customer').id) || null,
    expires_at: int(p, 'expires_at') ?? null,
    max_redemptions: int(p, 'max_redemptions') ?? null,
    metadata: mergeMetadata({}, p),
    promotion: { coupon: coupon.id, type: 'coupon' },
    restrictions: restrictionsOf(p),
    times_redeemed: 0,
  });
  ctx.put(promo);
  ctx.emit('promotion_code.created', promo);
  return promo;
}

export const couponRoutes: ApiRoute[] = [
  {
    method: 'POST',
    path: '/v1/coupons',
    handler: (ctx, { body }) => render(ctx, createCoupon(ctx, body), expandOf(body)),
  },
  {
    method: 'GET',
    path: '/v1/coupons',
    handler: (ctx, { body }) =>
      list(
        ctx,
        ctx.all('coupon').map((c) => refreshCoupon(ctx, c)),
        body,
        '/v1/coupons',
      ),
  },
  {
    method: 'GET',
    path: '/v1/coupons/:id',
    handler: (ctx, { params, body }) =>
      render(ctx, refreshCoupon(ctx, ctx.get(params.id as string, 'coupon')), expandOf(body)),
  },
  {
    method: 'POST',
    path: '/v1/coupons/:id',
    handler: (ctx, { params, body }) => {
      const coupon = ctx.get(params.id as string, 'coupon');
      const previous: Previous = { metadata: coupon.metadata, name: coupon.name };
      coupon.metadata = mergeMetadata(coupon.metadata, body);
      coupon.name = str(body, 'name') ?? coupon.name;
      ctx.emit('coupon.updated', coupon, previous);
      return render(ctx, refreshCoupon(ctx, coupon), expandOf(body));
    },
  },
  {
    method: 'DELETE',
    path: '/v1/coupons/:id',
    handler: (ctx, { params }) => {
      const coupon = ctx.get(params.id as string, 'coupon');
      coupon.valid = false;
      // The event carries the coupon as it was (Stripe's type has no `deleted` on it).
      ctx.emit('coupon.deleted', coupon);
      markDeleted(coupon);
      return { id: coupon.id, object: 'coupon', deleted: true };
    },
  },
  {
    method: 'POST',
    path: '/v1/promotion_codes',
    handler: (ctx, { body }) => render(ctx, createPromotionCode(ctx, body), expandOf(body)),
  },
  {
    method: 'GET',
    path: '/v1/promotion_codes',
    handler: (ctx, { body }) => {
      const code = str(body, 'code');
      const coupon = str(body, 'coupon');
      const active = bool(body, 'active');
      const customer = str(body, 'customer');
      const items = ctx
        .all('promotion_code')
        .map((x) => refreshPromotionCode(ctx, x))
        .filter(
          (x) =>
            (!code || x.code.toLowerCase() === code.toLowerCase()) &&
            (!coupon || x.promotion.coupon === coupon) &&
            (active === undefined || x.active === active) &&
            (!customer || x.customer === customer),
        );
      return list(ctx, items, body, '/v1/promotion_codes');
    },
  },
  {
    method: 'GET',
    path: '/v1/promotion_codes/:id',
    handler: (ctx, { params, body }) =>
      render(ctx, refreshPromotionCode(ctx, ctx.get(params.id as string, 'promotion_code')), expandOf(body)),
  },
  {
    method: 'POST',
    path: '/v1/promotion_codes/:id',
    handler: (ctx, { params, body }) => {
      const promo = ctx.get(params.id as string, 'promotion_code');
      const previous: Previous = { active: promo.active, metadata: promo.metadata };
      promo.active = bool(body, 'active') ?? promo.active;
      promo.metadata = mergeMetadata(promo.metadata, body);
      ctx.emit('promotion_code.updated', promo, previous);
      return render(ctx, promo, expandOf(body));
    },
  },
];
