import { historySums, seedOverviewHistory } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers.ts';

let ctx: TestContext;
let admin: { cookie: string };
let range: { from: string; to: string };
let sums: Awaited<ReturnType<typeof historySums>>;
const END = new Date('2026-03-31T22:00:00Z');

beforeAll(async () => {
  ctx = await createTestApp();
  const history = await seedOverviewHistory({ db: ctx.database.db, end: END, days: 30, seed: 7 });
  range = { from: history.from, to: history.to };
  sums = await historySums(ctx.database.db, range);
  admin = await ctx.signIn('admin');
}, 120_000);
afterAll(async () => ctx?.close());

const get = async (path: string, cookie = admin.cookie) => {
  const response = await ctx.app.inject({
    url: `/api/admin/overview/${path}?from=${range.from}&to=${range.to}`,
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

type Row = { currency: string; flow: string; key: string; amount: number };

describe('the admin overview on a month of history', () => {
  it('covers the days asked for', () => {
    expect(range).toEqual({ from: '2026-03-02', to: '2026-03-31' });
  });

  it('answers revenue equal to the payments to the cent, per day, per week and in total', async () => {
    const body = await get('revenue');
    const { gross, refunds, disputes, net, payments } = sums.revenue;
    expect(gross).toBeGreaterThan(0);
    expect(refunds).toBeGreaterThan(0);
    expect(disputes).toBeGreaterThan(0);
    expect(body.totals).toEqual({
      grossCents: gross,
      refundsCents: refunds,
      disputesCents: disputes,
      netCents: net,
      payments,
    });
    expect(body.daily).toHaveLength(30);
    for (const rows of [body.daily, body.weekly] as { grossCents: number; netCents: number }[][]) {
      expect(rows.reduce((sum, row) => sum + row.grossCents, 0)).toBe(gross);
      expect(rows.reduce((sum, row) => sum + row.netCents, 0)).toBe(net);
    }
    // ISO weeks start on Mondays: 2026-03-02 is one.
    expect(body.weekly[0].bucket).toBe('2026-03-02');
    expect(body.weekly).toHaveLength(5);
  });

  it('splits the ledger into granted, spent per family and taken back, adding up to its changes', async () => {
    const body = await get('credits');
    for (const currency of ['credits', 'hypercredits'] as const) {
      const totals = body.totals.find((row: { currency: string }) => row.currency === currency);
      expect(totals.net).toBe(sums.ledgerNet[currency]);
      expect(totals.granted - totals.takenBack - totals.spent).toBe(sums.ledgerNet[currency]);
      expect(totals.spent).toBeGreaterThan(0);

      // What payments granted is what their record says they granted.
      const fromPayments = (body.rows as Row[])
        .filter(
          (row) =>
            row.currency === currency &&
            row.flow === 'granted' &&
            ['invoice', 'payment_intent'].includes(row.key),
        )
        .reduce((sum, row) => sum + row.amount, 0);
      expect(fromPayments).toBe(sums.grantedByPayments[currency]);

      // Jobs spend what the succeeded ones cost: the others were refunded.
      for (const [family, cost] of Object.entries(sums.succeededCost)) {
        const shown = (body.rows as Row[]).find(
          (row) => row.currency === currency && row.flow === 'spent' && row.key === family,
        );
        expect(shown?.amount ?? 0, `${currency} spent on ${family}`).toBe(cost[currency]);
      }
    }
  });

  it('answers plans, jobs, queue waits, hosts and top spenders from the same records', async () => {
    const subscriptions = await get('subscriptions');
    expect(Object.keys(sums.planGross).length).toBeGreaterThan(0);
    for (const [product, gross] of Object.entries(sums.planGross)) {
      expect(subscriptions.plans.find((plan: { plan: string }) => plan.plan === product).grossCents).toBe(
        gross,
      );
    }
    expect(subscriptions.flow).toHaveLength(30);
    expect(subscriptions.flow.some((day: { newSubscribers: number }) => day.newSubscribers > 0)).toBe(true);
    expect(subscriptions.flow.some((day: { lapsedSubscribers: number }) => day.lapsedSubscribers > 0)).toBe(
      true,
    );

    const jobsBody = await get('jobs');
    const shownJobs = jobsBody.rows.reduce((sum: number, row: { count: number }) => sum + row.count, 0);
    expect(shownJobs).toBe(sums.jobs);
    expect(new Set(jobsBody.rows.map((row: { status: string }) => row.status))).toEqual(
      new Set(['succeeded', 'failed', 'cancelled']),
    );

    const waits = await get('queue-waits');
    expect(waits.rows.map((row: { plan: string }) => row.plan)).toContain('free');
    for (const row of waits.rows) {
      expect(row.p50Seconds).toBeGreaterThan(0);
      expect(row.p99Seconds).toBeGreaterThanOrEqual(row.p50Seconds);
    }

    const hosts = await get('hosts');
    const demoHosts = hosts.rows.filter((row: { host: string }) => row.host.includes('demo-gpu'));
    expect(new Set(demoHosts.map((row: { host: string }) => row.host)).size).toBe(2);
    expect(demoHosts.reduce((sum: number, row: { attempts: number }) => sum + row.attempts, 0)).toBe(
      sums.jobs,
    );
    expect(demoHosts.some((row: { faults: number }) => row.faults > 0)).toBe(true);
    for (const row of demoHosts) expect(row.utilization).toBeGreaterThanOrEqual(0);
    expect(Math.max(...demoHosts.map((row: { utilization: number }) => row.utilization))).toBeGreaterThan(0);

    // GPU time by lane: the same slot time the hosts held, all of it fast work in this history.
    const lanes = await get('lanes');
    expect(new Set(lanes.rows.map((row: { lane: string }) => row.lane))).toEqual(new Set(['fast']));
    expect(lanes.rows.reduce((sum: number, row: { jobs: number }) => sum + row.jobs, 0)).toBe(sums.jobs);
    const busy = demoHosts.reduce((sum: number, row: { busySeconds: number }) => sum + row.busySeconds, 0);
    const gpu = lanes.rows.reduce((sum: number, row: { gpuSeconds: number }) => sum + row.gpuSeconds, 0);
    expect(gpu).toBeGreaterThan(0);
    expect(Math.abs(gpu - busy)).toBeLessThan(5);

    const top = await get('top-spenders');
    expect(top.rows.length).toBeGreaterThan(0);
    expect(top.rows.length).toBeLessThanOrEqual(10);
    const nets = top.rows.map((row: { netCents: number }) => row.netCents);
    expect([...nets].sort((a, b) => b - a)).toEqual(nets);
    for (const row of top.rows) expect(row.netCents).toBe(sums.netOfUser[row.userId]);
    expect(nets[0]).toBe(Math.max(...Object.values(sums.netOfUser)));
  });
});

describe('who may read the overview', () => {
  const overviewRoutes = () => [
    ...new Set(
      ctx.routes.map((route) => String(route.url)).filter((url) => url.startsWith('/api/admin/overview/')),
    ),
  ];

  it('has its eight calls', () => {
    expect(overviewRoutes().sort()).toEqual(
      [
        '/api/admin/overview/credits',
        '/api/admin/overview/hosts',
        '/api/admin/overview/jobs',
        '/api/admin/overview/lanes',
        '/api/admin/overview/queue-waits',
        '/api/admin/overview/revenue',
        '/api/admin/overview/subscriptions',
        '/api/admin/overview/top-spenders',
      ].sort(),
    );
  });

  it('refuses members with 403 and signed-out visitors with 401 on every call', async () => {
    const member = await ctx.signIn('member');
    for (const url of overviewRoutes()) {
      const asMember = await ctx.app.inject({ url: String(url), headers: { cookie: member.cookie } });
      expect(asMember.statusCode, String(url)).toBe(403);
      expect(asMember.json().error.code).toBeTruthy();
      expect(asMember.body).not.toContain('grossCents');
      const signedOut = await ctx.app.inject({ url: String(url) });
      expect(signedOut.statusCode, String(url)).toBe(401);
    }
  });

  it('answers 400 for a range that is not one', async () => {
    for (const query of [
      'from=2026-03-10&to=2026-03-01',
      'from=yesterday',
      'from=2024-01-01&to=2026-01-01',
    ]) {
      const response = await ctx.app.inject({
        url: `/api/admin/overview/revenue?${query}`,
        headers: { cookie: admin.cookie },
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('covers the last 30 days up to today without a range', async () => {
    const response = await ctx.app.inject({
      url: '/api/admin/overview/revenue',
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.range.to).toBe(new Date().toISOString().slice(0, 10));
    expect(body.daily).toHaveLength(30);
  });
});
