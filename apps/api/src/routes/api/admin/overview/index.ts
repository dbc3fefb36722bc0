import {
  creditFlows,
  hostDays,
  jobOutcomes,
  laneDays,
  planFigures,
  queueWaits,
  revenueByBucket,
  subscriberFlow,
  topSpenders,
} from '@app/db';
import {
  ErrorBody,
  OverviewCreditsBody,
  OverviewHostsBody,
  OverviewJobsBody,
  OverviewLanesBody,
  OverviewQuery,
  OverviewQueueWaitsBody,
  OverviewRevenueBody,
  OverviewSubscriptionsBody,
  OverviewTopSpendersBody,
} from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { overviewRange } from '../../../../modules/overview/overview-range.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

/**
 * `GET /api/admin/overview/*`: the admin overview's figures, one call per chart, each over the
 * range `?from=YYYY-MM-DD&to=YYYY-MM-DD` (UTC days, both included). Read from our own tables
 * (payments, ledger, jobs, subscriptions, host events); no call reaches the payment provider.
 */
export const adminOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  // Eight routes of one shape: the handler's types come from this signature, the validation and
  // serialization from the zod schemas as on every route.
  const plain = app as unknown as FastifyInstance;
  const route = <Body extends z.ZodType>(
    url: string,
    summary: string,
    body: Body,
    load: (range: ReturnType<typeof overviewRange>) => Promise<z.infer<Body>>,
  ) =>
    plain.get(
      url,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary,
          querystring: OverviewQuery,
          response: { 200: body, ...errors },
        },
      },
      async (request: FastifyRequest<{ Querystring: OverviewQuery }>, reply) => {
        const body = await load(overviewRange(request.query));
        return reply.header('cache-control', 'no-store').send(body);
      },
    );

  route(
    '/revenue',
    'Revenue per day and week: gross, refunds, disputes, net',
    OverviewRevenueBody,
    async (range) => {
      const [daily, weekly] = await Promise.all([
        revenueByBucket(db, range, 'day'),
        revenueByBucket(db, range, 'week'),
      ]);
      const totals = daily.reduce(
        (sum, row) => ({
          grossCents: sum.grossCents + row.grossCents,
          refundsCents: sum.refundsCents + row.refundsCents,
          disputesCents: sum.disputesCents + row.disputesCents,
          netCents: sum.netCents + row.netCents,
          payments: sum.payments + row.payments,
        }),
        { grossCents: 0, refundsCents: 0, disputesCents: 0, netCents: 0, payments: 0 },
      );
      return { range, daily, weekly, totals };
    },
  );

  route(
    '/subscriptions',
    'Plans: revenue, live subscribers, new and lapsed subscribers per day',
    OverviewSubscriptionsBody,
    async (range) => {
      const [plans, flow] = await Promise.all([planFigures(db, range), subscriberFlow(db, range)]);
      return { range, plans, flow };
    },
  );

  route(
    '/credits',
    'Credits and hypercredits granted, spent per command family, and taken back',
    OverviewCreditsBody,
    async (range) => {
      const rows = await creditFlows(db, range);
      const totals = (['credits', 'hypercredits'] as const).map((currency) => {
        const sum = (flow: string) =>
          rows
            .filter((row) => row.currency === currency && row.flow === flow)
            .reduce((total, row) => total + row.amount, 0);
        const granted = sum('granted');
        const spent = sum('spent');
        const takenBack = sum('takenBack');
        return { currency, granted, spent, takenBack, net: granted - takenBack - spent };
      });
      return { range, rows, totals };
    },
  );

  route('/jobs', 'Jobs per command family by outcome', OverviewJobsBody, async (range) => ({
    range,
    rows: await jobOutcomes(db, range),
  }));

  route('/queue-waits', 'Queue wait p50 and p99 by plan', OverviewQueueWaitsBody, async (range) => ({
    range,
    rows: await queueWaits(db, range),
  }));

  route(
    '/hosts',
    'Utilization, failed attempts and faults per generation host and day',
    OverviewHostsBody,
    async (range) => ({
      range,
      rows: await hostDays(db, range),
    }),
  );

  route('/lanes', 'GPU time by lane (fast, relax, turbo) per day', OverviewLanesBody, async (range) => ({
    range,
    rows: await laneDays(db, range),
  }));

  route(
    '/top-spenders',
    'The ten people who paid the most in the range',
    OverviewTopSpendersBody,
    async (range) => ({
      range,
      rows: await topSpenders(db, range),
    }),
  );
};
