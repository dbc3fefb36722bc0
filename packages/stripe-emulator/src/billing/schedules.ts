import type { Ctx } from '../ctx.ts';
import { invalidRequest, missingParam } from '../errors.ts';
import { arr, int, obj, str, timestamp } from '../params.ts';
import type { Kept, Params } from '../types.ts';
import { cancelNow } from './subscription-events.ts';
import { periodOf, planOf, recurringPrice } from './items.ts';
import { addInterval } from './periods.ts';

type Phase = Kept<'subscription_schedule'>['phases'][number];

interface PhaseItem {
  price: string;
  quantity?: number;
}

function phase(ctx: Ctx, sub: Kept<'subscription'>, items: PhaseItem[], start: number, end: number): Phase {
  return {
    add_invoice_items: [],
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: null,
    billing_thresholds: null,
    collection_method: null,
    currency: sub.currency,
    default_payment_method: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    end_date: end,
    invoice_settings: null,
    items: items.map((it) => ({
      billing_thresholds: null,
      discounts: [],
      metadata: {},
      plan: it.price,
      price: it.price,
      quantity: it.quantity,
      tax_rates: [],
    })),
    metadata: {},
    on_behalf_of: null,
    proration_behavior: 'create_prorations',
    start_date: start,
    transfer_data: null,
    trial_end: null,
  };
}

export function scheduleFromSubscription(ctx: Ctx, sub: Kept<'subscription'>): Kept<'subscription_schedule'> {
  if (sub.schedule) {
    throw invalidRequest(
      `You cannot migrate a subscription that is already attached to a schedule: \`${sub.schedule as string}\`.`,
      undefined,
      'from_subscription',
    );
  }
  if (['canceled', 'incomplete_expired'].includes(sub.status)) {
    throw invalidRequest(
      'You cannot create a schedule from a canceled subscription.',
      undefined,
      'from_subscription',
    );
  }
  const { start, end } = periodOf(sub);
  const items = sub.items.data.map((it) => ({ price: it.price.id, quantity: it.quantity }));
  const schedule = ctx.create('subscription_schedule', 'sub_sched', {
    billing_mode: { flexible: null, type: 'classic' },
    current_phase: { end_date: end, start_date: start },
    customer: sub.customer,
    default_settings: {
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: 'automatic',
      billing_thresholds: null,
      collection_method: 'charge_automatically',
      default_payment_method: sub.default_payment_method,
      description: null,
      invoice_settings: {
        account_tax_ids: null,
        custom_fields: null,
        days_until_due: null,
        description: null,
        footer: null,
        issuer: { type: 'self' },
      },
      on_behalf_of: null,
      transfer_data: null,
    },
    end_behavior: 'release',
    phases: [phase(ctx, sub, items, start, end)],
    status: 'active',
    subscription: sub.id,
  });
  ctx.put(schedule);
  sub.schedule = schedule.id;
  ctx.emit('subscription_schedule.created', schedule);
  ctx.emit('customer.subscription.updated', sub, { schedule: null });
  return schedule;
}

/** Replaces the phases from `phases[i][items][j][price]`, `start_date`, `end_date`, `duration`/`iterations`. */
export function updatePhases(ctx: Ctx, schedule: Kept<'subscription_schedule'>, p: Params): void {
  const phases = arr(p, 'phases');
  if (!phases) return;
  if (phases.length === 0) throw missingParam('phases');
  const sub = ctx.get(schedule.subscription as string, 'subscription');
  const result: Phase[] = [];
  let cursor = schedule.current_phase?.start_date ?? ctx.now();
  phases.forEach((ph, i) => {
    const items = (arr(ph, 'items', `phases[${i}][items]`) ?? []).map((it, j) => {
      const param = `phases[${i}][items][${j}][price]`;
      const price = recurringPrice(ctx, str(it, 'price', param) ?? (str(it, 'plan') as string), param);
      return {
        price: price.id,
        quantity: int(it, 'quantity', `phases[${i}][items][${j}][quantity]`) ?? 1,
        interval: price.recurring,
      };
    });
    if (items.length === 0) throw missingParam(`phases[${i}][items]`);
    const startParam = timestamp(ph, 'start_date', `phases[${i}][start_date]`);
    const start = startParam === 'now' ? ctx.now() : (startParam ?? cursor);
    const endParam = timestamp(ph, 'end_date', `phases[${i}][end_date]`);
    const duration = obj(ph, 'duration', `phases[${i}][duration]`);
    const iterations = int(ph, 'iterations', `phases[${i}][iterations]`);
    const recurring = items[0]!.interval!;
    const end =
      endParam === 'now'
        ? ctx.now()
        : (endParam ??
          (duration
            ? addInterval(start, str(duration, 'interval') ?? 'month', int(duration, 'interval_count') ?? 1)
            : addInterval(start, recurring.interval, recurring.interval_count * (iterations ?? 1))));
    if (end <= start)
      throw invalidRequest('Phase end_date must be after start_date.', undefined, `phases[${i}][end_date]`);
    result.push(phase(ctx, sub, items, start, end));
    cursor = end;
  });
  schedule.phases = result;
  const current = result.find((ph) => ph.start_date <= ctx.now() && ctx.now() < ph.end_date) ?? result[0]!;
  schedule.current_phase = { end_date: current.end_date, start_date: current.start_date };
  const behavior = str(p, 'end_behavior');
  if (behavior) schedule.end_behavior = behavior;
}

/** At a period boundary, moves the subscription onto the schedule's phase for that time. */
export function applySchedulePhase(ctx: Ctx, sub: Kept<'subscription'>, boundary: number): void {
  const schedule = sub.schedule ? ctx.find(sub.schedule as string, 'subscription_schedule') : undefined;
  if (!schedule || schedule.status !== 'active') return;
  const next = schedule.phases.find((ph) => ph.start_date <= boundary && boundary < ph.end_date);
  if (!next) {
    const previous = { status: schedule.status };
    if (schedule.end_behavior === 'cancel') {
      Object.assign(schedule, { status: 'completed', completed_at: boundary, current_phase: null });
      ctx.emit('subscription_schedule.completed', schedule, previous);
      cancelNow(ctx, sub);
    } else {
      releaseSchedule(ctx, schedule, sub);
    }
    return;
  }
  if (schedule.current_phase?.start_date === next.start_date) return;
  const items = sub.items.data;
  next.items.forEach((pi, i) => {
    const price = ctx.get(pi.price as string, 'price');
    const item = items[i];
    if (item)
      Object.assign(item, { price: structuredClone(price), plan: planOf(price), quantity: pi.quantity });
  });
  const previous = { current_phase: schedule.current_phase };
  schedule.current_phase = { end_date: next.end_date, start_date: next.start_date };
  ctx.emit('subscription_schedule.updated', schedule, previous);
}

export function releaseSchedule(
  ctx: Ctx,
  schedule: Kept<'subscription_schedule'>,
  sub: Kept<'subscription'> | undefined,
): void {
  Object.assign(schedule, {
    status: 'released',
    released_at: ctx.now(),
    released_subscription: schedule.subscription,
    subscription: null,
    current_phase: null,
  });
  if (sub) {
    sub.schedule = null;
    ctx.emit('customer.subscription.updated', sub, { schedule: schedule.id });
  }
  ctx.emit('subscription_schedule.released', schedule);
}
