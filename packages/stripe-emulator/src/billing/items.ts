import type { Ctx } from '../ctx.ts';
import { invalidRequest } from '../errors.ts';
import type { Kept } from '../types.ts';

export function planOf(price: Kept<'price'>): Kept<'subscription_item'>['plan'] {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.recurring!.interval,
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

export function recurringPrice(ctx: Ctx, id: string, param: string): Kept<'price'> {
  const price = ctx.get(id, 'price', param);
  if (price.type !== 'recurring') {
    throw invalidRequest(
      `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`,
      'parameter_invalid_string',
      param,
    );
  }
  if (!price.active)
    throw invalidRequest(
      `The price specified is inactive. This field only accepts active prices.`,
      undefined,
      param,
    );
  return price;
}

export function subscriptionItem(
  ctx: Ctx,
  subId: string,
  price: Kept<'price'>,
  quantity: number,
  period: { start: number; end: number },
): Kept<'subscription_item'> {
  return ctx.embedded('subscription_item', 'si', {
    billing_thresholds: null,
    current_period_end: period.end,
    current_period_start: period.start,
    discounts: [],
    metadata: {},
    plan: planOf(price),
    price: structuredClone(price),
    quantity,
    subscription: subId,
    tax_rates: [],
  });
}

export function periodOf(sub: Kept<'subscription'>): { start: number; end: number } {
  const item = sub.items.data[0]!;
  return { start: item.current_period_start, end: item.current_period_end };
}

export function setPeriod(sub: Kept<'subscription'>, period: { start: number; end: number }): void {
  for (const item of sub.items.data) {
    item.current_period_start = period.start;
    item.current_period_end = period.end;
  }
}

export function productName(ctx: Ctx, price: Kept<'price'>): string {
  return ctx.find(price.product as string, 'product')?.name ?? 'Subscription';
}

export function formatAmount(amount: number, currency: string): string {
  const sign = amount < 0 ? '-' : '';
  const symbol = currency.toLowerCase() === 'usd' ? '$' : `${currency.toUpperCase()} `;
  return `${sign}${symbol}${(Math.abs(amount) / 100).toFixed(2)}`;
}

/** "1 × Pro (at $20.00 / month)", Stripe's wording for a subscription line. */
export function itemDescription(ctx: Ctx, item: Kept<'subscription_item'>): string {
  const price = item.price;
  return `${item.quantity} × ${productName(ctx, price)} (at ${formatAmount(price.unit_amount as number, price.currency)} / ${price.recurring?.interval})`;
}
