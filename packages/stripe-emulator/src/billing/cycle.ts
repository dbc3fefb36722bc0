import type { Ctx } from '../ctx.ts';
import type { Kept, Previous } from '../types.ts';
import { cancelNow } from './subscription-events.ts';
import { expirePendingUpdate } from './pending-updates.ts';
import { expireIncomplete } from './void.ts';
import { periodOf, setPeriod } from './items.ts';
import { addInterval } from './periods.ts';
import { applySchedulePhase } from './schedules.ts';
import { invoiceAttemptFailed } from './invoice-settlement.ts';
import { payInvoice } from './invoices.ts';
import { cycleLines, defaultCard, invoiceSubscription } from './subscriptions.ts';

const INCOMPLETE_EXPIRY = 23 * 3600;
const LIVE = ['active', 'trialing', 'past_due', 'incomplete'];

interface Due {
  time: number;
  run: () => void;
}

function dueFor(ctx: Ctx, sub: Kept<'subscription'>): Due | null {
  const next = lifecycleDue(ctx, sub);
  const held = sub.pending_update?.expires_at;
  if (held !== undefined && (!next || held < next.time)) {
    return { time: held, run: () => expirePendingUpdate(ctx, sub) };
  }
  return next;
}

function lifecycleDue(ctx: Ctx, sub: Kept<'subscription'>): Due | null {
  if (sub.status === 'incomplete') {
    return {
      time: sub.created + INCOMPLETE_EXPIRY,
      run: () => expireIncomplete(ctx, sub),
    };
  }
  const retry = retryDue(ctx, sub);
  const { end } = periodOf(sub);
  if (retry && retry.time < end) return retry;
  if (sub.cancel_at && sub.cancel_at < end) return { time: sub.cancel_at, run: () => cancelNow(ctx, sub) };
  return { time: end, run: () => renew(ctx, sub, end) };
}

/** The next Smart Retry of a past-due subscription's open renewal invoice, if one is scheduled. */
function retryDue(ctx: Ctx, sub: Kept<'subscription'>): Due | null {
  if (sub.status !== 'past_due' || !sub.latest_invoice) return null;
  const inv = ctx.find(sub.latest_invoice as string, 'invoice');
  const time = inv?.next_payment_attempt;
  if (!inv || inv.status !== 'open' || !time) return null;
  return {
    time,
    run: () => {
      // A retry with no card left fails like a decline would: the schedule moves on.
      inv.next_payment_attempt = null;
      const card = defaultCard(ctx, sub);
      if (card) return payInvoice(ctx, inv, card, true);
      Object.assign(inv, { attempted: true, attempt_count: inv.attempt_count + 1 });
      invoiceAttemptFailed(ctx, inv);
    },
  };
}

/** What happens at the end of a period: cancellation, trial end, schedule phase, renewal invoice. */
function renew(ctx: Ctx, sub: Kept<'subscription'>, boundary: number): void {
  if (sub.cancel_at_period_end) return cancelNow(ctx, sub);
  const endingTrial = sub.status === 'trialing';
  if (
    endingTrial &&
    !defaultCard(ctx, sub) &&
    sub.trial_settings?.end_behavior?.missing_payment_method === 'cancel'
  ) {
    return cancelNow(ctx, sub, 'cancellation_requested');
  }
  applySchedulePhase(ctx, sub, boundary);
  if (sub.status === 'canceled') return;
  const previousItems = structuredClone(sub.items);
  const kept = (sub.discounts as string[]).filter((id) => {
    const d = ctx.find(id, 'discount');
    const coupon = d ? ctx.find(d.source.coupon as string, 'coupon') : undefined;
    return d && coupon?.duration !== 'once' && (d.end === null || d.end > boundary);
  });
  const price = sub.items.data[0]!.price;
  const period = {
    start: boundary,
    end: addInterval(
      boundary,
      price.recurring!.interval,
      price.recurring!.interval_count,
      sub.billing_cycle_anchor,
    ),
  };
  setPeriod(sub, period);
  const pending = ctx.state.hidden.pendingProrations[sub.id] ?? [];
  delete ctx.state.hidden.pendingProrations[sub.id];
  const previous: Previous = { items: previousItems };
  if (kept.length !== (sub.discounts as string[]).length)
    [previous.discounts, sub.discounts] = [sub.discounts, kept];
  ctx.emit('customer.subscription.updated', sub, previous);
  invoiceSubscription(ctx, sub, [...pending, ...cycleLines(ctx, sub, period)], 'subscription_cycle', {
    pay: true,
    offSession: true,
  });
}

/** Runs everything that fell due up to the emulator's current time, in time order. */
export function runDue(ctx: Ctx): void {
  for (let guard = 0; guard < 10_000; guard++) {
    const now = ctx.now();
    let next: Due | null = null;
    for (const sub of ctx.all('subscription')) {
      if (!LIVE.includes(sub.status)) continue;
      const due = dueFor(ctx, sub);
      if (due && due.time <= now && (!next || due.time < next.time)) next = due;
    }
    if (!next) return;
    const { run, time } = next;
    ctx.at(time, run);
  }
}
