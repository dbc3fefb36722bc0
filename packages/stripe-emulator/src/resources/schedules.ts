import { releaseSchedule, scheduleFromSubscription, updatePhases } from '../billing/schedules.ts';
import { cancelNow } from '../billing/subscription-events.ts';
import { invalidRequest, missingParam } from '../errors.ts';
import { mergeMetadata, str } from '../params.ts';
import { expandOf, list, render } from '../render.ts';
import type { ApiRoute } from '../router.ts';
import type { Kept } from '../types.ts';

const activeSchedule = (schedule: Kept<'subscription_schedule'>, action: string) => {
  if (!['active', 'not_started'].includes(schedule.status)) {
    throw invalidRequest(
      `You cannot ${action} a subscription schedule that is ${schedule.status}.`,
      undefined,
    );
  }
};

export const scheduleRoutes: ApiRoute[] = [
  {
    method: 'POST',
    path: '/v1/subscription_schedules',
    handler: (ctx, { body }) => {
      const from = str(body, 'from_subscription');
      if (!from) throw missingParam('from_subscription');
      const schedule = scheduleFromSubscription(ctx, ctx.get(from, 'subscription', 'from_subscription'));
      schedule.metadata = mergeMetadata(schedule.metadata, body);
      return render(ctx, schedule, expandOf(body));
    },
  },
  {
    method: 'GET',
    path: '/v1/subscription_schedules',
    handler: (ctx, { body }) => {
      const customer = str(body, 'customer');
      const items = ctx.all('subscription_schedule').filter((s) => !customer || s.customer === customer);
      return list(ctx, items, body, '/v1/subscription_schedules');
    },
  },
  {
    method: 'GET',
    path: '/v1/subscription_schedules/:id',
    handler: (ctx, { params, body }) =>
      render(ctx, ctx.get(params.id as string, 'subscription_schedule'), expandOf(body)),
  },
  {
    method: 'POST',
    path: '/v1/subscription_schedules/:id',
    handler: (ctx, { params, body }) => {
      const schedule = ctx.get(params.id as string, 'subscription_schedule');
      activeSchedule(schedule, 'update');
      const previous = { phases: structuredClone(schedule.phases), metadata: schedule.metadata };
      updatePhases(ctx, schedule, body);
      schedule.metadata = mergeMetadata(schedule.metadata, body);
      ctx.emit('subscription_schedule.updated', schedule, previous);
      return render(ctx, schedule, expandOf(body));
    },
  },
  {
    method: 'POST',
    path: '/v1/subscription_schedules/:id/release',
    handler: (ctx, { params, body }) => {
      const schedule = ctx.get(params.id as string, 'subscription_schedule');
      activeSchedule(schedule, 'release');
      releaseSchedule(ctx, schedule, ctx.find(schedule.subscription as string, 'subscription'));
      return render(ctx, schedule, expandOf(body));
    },
  },
  {
    method: 'POST',
    path: '/v1/subscription_schedules/:id/cancel',
    handler: (ctx, { params, body }) => {
      const schedule = ctx.get(params.id as string, 'subscription_schedule');
      activeSchedule(schedule, 'cancel');
      const sub = ctx.find(schedule.subscription as string, 'subscription');
      if (sub) cancelNow(ctx, sub);
      if (schedule.status !== 'canceled') {
        Object.assign(schedule, { status: 'canceled', canceled_at: ctx.now(), current_phase: null });
        ctx.emit('subscription_schedule.canceled', schedule);
      }
      return render(ctx, schedule, expandOf(body));
    },
  },
];
