import type { Ctx } from '../ctx.ts';
import type { Obj } from '../types.ts';

/** Changes a subscription's fields and announces it, unless it is still being created. */
export function updateSubscription(ctx: Ctx, sub: Obj, changes: Obj): void {
  const previous: Obj = {};
  for (const [k, v] of Object.entries(changes)) {
    if (JSON.stringify(sub[k]) === JSON.stringify(v)) continue;
    previous[k] = structuredClone(sub[k]);
    sub[k] = v;
  }
  if (Object.keys(previous).length > 0 && !ctx.creating.has(sub.id as string)) {
    ctx.emit('customer.subscription.updated', sub, previous);
  }
}
