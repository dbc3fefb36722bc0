import type { Ctx } from '../ctx.ts';
import { invalidRequest } from '../errors.ts';
import { bool, int, str } from '../params.ts';
import type { Kept, Params } from '../types.ts';
import type { LineInput } from './invoices.ts';
import { periodOf, productName, recurringPrice, subscriptionItem } from './items.ts';
import { addInterval } from './periods.ts';

export interface PlannedChange {
  items: Kept<'subscription_item'>[];
  prorations: LineInput[];
  /** Switching between monthly and yearly restarts the billing cycle now, billed at once. */
  resetsCycle: boolean;
  period: { start: number; end: number };
}

const dateText = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);

/** Works out new items and proration lines for an `items[]` change at `at`, without applying it. */
export function planItemChange(
  ctx: Ctx,
  sub: Kept<'subscription'>,
  itemParams: Params[],
  at: number,
  param = 'items',
): PlannedChange {
  const current = periodOf(sub);
  const items = structuredClone(sub.items.data);
  const prorations: LineInput[] = [];
  const changed: { before: Kept<'subscription_item'> | null; after: Kept<'subscription_item'> | null }[] = [];
  itemParams.forEach((ip, i) => {
    const id = str(ip, 'id', `${param}[${i}][id]`);
    const priceId = str(ip, 'price', `${param}[${i}][price]`);
    const quantity = int(ip, 'quantity', `${param}[${i}][quantity]`);
    const index = id ? items.findIndex((it) => it.id === id) : -1;
    if (id && index < 0)
      throw invalidRequest(
        `No such subscription item: '${id}'`,
        'resource_missing',
        `${param}[${i}][id]`,
        404,
      );
    if (index >= 0) {
      const before = structuredClone(items[index]!);
      if (bool(ip, 'deleted', `${param}[${i}][deleted]`)) {
        items.splice(index, 1);
        changed.push({ before, after: null });
        return;
      }
      const item = items[index]!;
      if (priceId) {
        const price = recurringPrice(ctx, priceId, `${param}[${i}][price]`);
        Object.assign(item, {
          price: structuredClone(price),
          plan: subscriptionItem(ctx, sub.id, price, 1, current).plan,
        });
      }
      if (quantity !== undefined) item.quantity = quantity;
      changed.push({ before, after: item });
    } else {
      if (!priceId)
        throw invalidRequest(
          `Missing required param: ${param}[${i}][price].`,
          'parameter_missing',
          `${param}[${i}][price]`,
        );
      const price = recurringPrice(ctx, priceId, `${param}[${i}][price]`);
      const item = subscriptionItem(ctx, sub.id, price, quantity ?? 1, current);
      items.push(item);
      changed.push({ before: null, after: item });
    }
  });
  if (items.length === 0)
    throw invalidRequest('A subscription must have at least one active plan.', undefined, param);
  const first = items[0]!.price;
  const oldFirst = sub.items.data[0]!.price;
  const resetsCycle =
    first.recurring!.interval !== oldFirst.recurring!.interval ||
    first.recurring!.interval_count !== oldFirst.recurring!.interval_count;
  const period = resetsCycle
    ? {
        start: at,
        end: addInterval(at, first.recurring!.interval, first.recurring!.interval_count),
      }
    : current;
  const length = current.end - current.start;
  const fraction = length > 0 ? Math.max(0, Math.min(1, (current.end - at) / length)) : 0;
  for (const { before, after } of changed) {
    const amountOf = (it: Kept<'subscription_item'>) => it.price.unit_amount! * it.quantity!;
    if (before && (!after || amountOf(before) !== amountOf(after) || before.price.id !== after.price.id)) {
      prorations.push({
        amount: -Math.round(amountOf(before) * fraction),
        description: `Unused time on ${before.quantity} × ${productName(ctx, before.price)} after ${dateText(at)}`,
        price: before.price,
        quantity: before.quantity,
        period: { start: at, end: current.end },
        proration: true,
        subscriptionItem: before.id,
      });
    }
    if (after && (!before || amountOf(before) !== amountOf(after) || before.price.id !== after.price.id)) {
      prorations.push({
        amount: resetsCycle ? amountOf(after) : Math.round(amountOf(after) * fraction),
        description: resetsCycle
          ? `${after.quantity} × ${productName(ctx, after.price)}`
          : `Remaining time on ${after.quantity} × ${productName(ctx, after.price)} after ${dateText(at)}`,
        price: after.price,
        quantity: after.quantity,
        period: resetsCycle ? period : { start: at, end: current.end },
        proration: !resetsCycle,
        subscriptionItem: after.id,
      });
    }
  }
  for (const item of items)
    Object.assign(item, { current_period_start: period.start, current_period_end: period.end });
  return { items, prorations, resetsCycle, period };
}
