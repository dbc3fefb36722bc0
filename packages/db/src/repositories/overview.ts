import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../client.ts';
import { LIVE_SUBSCRIPTION_STATUSES } from './subscriptions.ts';

/**
 * The admin overview's figures, read from our own tables only (payments, ledger, jobs, subscriptions,
 * host events): never from the payment provider. Days are UTC; a range is whole days, both ends in.
 */
export interface OverviewRange {
  /** First day, `YYYY-MM-DD`. */
  from: string;
  /** Last day, `YYYY-MM-DD` (included). */
  to: string;
}

export interface RevenueBucket {
  bucket: string;
  grossCents: number;
  refundsCents: number;
  disputesCents: number;
  netCents: number;
  payments: number;
}

/** Payment kinds that are plan periods: the registry's key, or its wire name. */
const PLAN_KINDS = ['plan', 'Subscription'];

/**
 * Whether a ledger key is a job's: its hold (`job:<source>:<request id>`, `:n` for a second
 * currency) or its refund (`refund:<job id>`, a uuid, unlike a payment's refund).
 */
const OF_JOB = (column: string) =>
  sql.raw(
    `(${column} like 'job:%' or ${column} ~ '^refund:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(:|$)')`,
  );

const start = (range: OverviewRange) => sql`(${range.from}::date)::timestamp at time zone 'UTC'`;
const end = (range: OverviewRange) => sql`((${range.to}::date + 1))::timestamp at time zone 'UTC'`;
const utcDay = (column: SQL) => sql`(${column} at time zone 'UTC')::date`;

/**
 * What a dispute costs: the disputed amount and its fee while the dispute is open or once it is
 * lost; nothing when it was won.
 */
const disputeCost = sql`case when dispute_status in ('open', 'lost') then disputed_cents + dispute_fee_cents else 0 end`;

/** Money per day or per ISO week (Monday first), every bucket of the range present. */
export async function revenueByBucket(
  db: DbOrTx,
  range: OverviewRange,
  bucket: 'day' | 'week',
): Promise<RevenueBucket[]> {
  const step = bucket === 'day' ? sql`interval '1 day'` : sql`interval '1 week'`;
  const first =
    bucket === 'day' ? sql`${range.from}::date` : sql`date_trunc('week', ${range.from}::date)::date`;
  const own =
    bucket === 'day' ? utcDay(sql`paid_at`) : sql`date_trunc('week', ${utcDay(sql`paid_at`)})::date`;
  const result = await db.execute(sql`
    with buckets as (
      select b::date as bucket from generate_series(${first}, ${range.to}::date, ${step}) as b
    ), p as (
      select ${own} as bucket, amount_cents, refunded_cents, ${disputeCost} as dispute_cents
      from payments where paid_at >= ${start(range)} and paid_at < ${end(range)}
    )
    select to_char(buckets.bucket, 'YYYY-MM-DD') as bucket,
      coalesce(sum(p.amount_cents), 0)::bigint as gross,
      coalesce(sum(p.refunded_cents), 0)::bigint as refunds,
      coalesce(sum(p.dispute_cents), 0)::bigint as disputes,
      count(p.bucket)::int as payments
    from buckets left join p on p.bucket = buckets.bucket
    group by buckets.bucket order by buckets.bucket`);
  return rowsOf<{ bucket: string; gross: string; refunds: string; disputes: string; payments: number }>(
    result,
  ).map((row) => {
    const gross = Number(row.gross);
    const refunds = Number(row.refunds);
    const disputes = Number(row.disputes);
    return {
      bucket: row.bucket,
      grossCents: gross,
      refundsCents: refunds,
      disputesCents: disputes,
      netCents: gross - refunds - disputes,
      payments: Number(row.payments),
    };
  });
}

export interface PlanFigures {
  plan: string;
  grossCents: number;
  netCents: number;
  payments: number;
  activeSubscribers: number;
  giftedSubscribers: number;
}

/** Per plan: its periods' payments in the range, and the subscriptions live now. */
export async function planFigures(db: DbOrTx, range: OverviewRange): Promise<PlanFigures[]> {
  const paid = rowsOf<{ plan: string; gross: string; net: string; payments: number }>(
    await db.execute(sql`
      select product as plan, sum(amount_cents)::bigint as gross,
        sum(amount_cents - refunded_cents - ${disputeCost})::bigint as net, count(*)::int as payments
      from payments
      where kind in (${sql.join(
        PLAN_KINDS.map((kind) => sql`${kind}`),
        sql`, `,
      )}) and paid_at >= ${start(range)} and paid_at < ${end(range)}
      group by product`),
  );
  const live = rowsOf<{ plan: string; paid: number; gifted: number }>(
    await db.execute(sql`
      select tier as plan, count(*) filter (where not gifted)::int as paid,
        count(*) filter (where gifted)::int as gifted
      from subscriptions
      where status in (${sql.join(
        LIVE_SUBSCRIPTION_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})
      group by tier`),
  );
  const plans = new Map<string, PlanFigures>();
  const entry = (plan: string) => {
    const found = plans.get(plan) ?? {
      plan,
      grossCents: 0,
      netCents: 0,
      payments: 0,
      activeSubscribers: 0,
      giftedSubscribers: 0,
    };
    plans.set(plan, found);
    return found;
  };
  for (const row of paid) {
    Object.assign(entry(row.plan), {
      grossCents: Number(row.gross),
      netCents: Number(row.net),
      payments: Number(row.payments),
    });
  }
  for (const row of live) {
    Object.assign(entry(row.plan), {
      activeSubscribers: Number(row.paid),
      giftedSubscribers: Number(row.gifted),
    });
  }
  return [...plans.values()].sort((a, b) => a.plan.localeCompare(b.plan));
}

/** Subscriptions that started (first became live) and lapsed (left the live statuses) per day. */
export async function subscriberFlow(
  db: DbOrTx,
  range: OverviewRange,
): Promise<{ day: string; newSubscribers: number; lapsedSubscribers: number }[]> {
  const result = await db.execute(sql`
    with days as (select d::date as day from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as d)
    select to_char(days.day, 'YYYY-MM-DD') as day,
      (select count(*) from subscriptions where started_at is not null and ${utcDay(sql`started_at`)} = days.day)::int as started,
      (select count(*) from subscriptions where ended_at is not null and ${utcDay(sql`ended_at`)} = days.day)::int as ended
    from days order by days.day`);
  return rowsOf<{ day: string; started: number; ended: number }>(result).map((row) => ({
    day: row.day,
    newSubscribers: Number(row.started),
    lapsedSubscribers: Number(row.ended),
  }));
}

export type CreditFlow = 'granted' | 'spent' | 'takenBack';

export interface CreditFlowRow {
  currency: 'credits' | 'hypercredits';
  flow: CreditFlow;
  /** A family for `spent`; the ledger key's first part for the others (`invoice`, `welcome`, …). */
  key: string;
  amount: number;
}

/**
 * The ledger in the range, split three ways. A job's entries (its hold `job:<source>:<request>`
 * and its refund `refund:<job id>`) are spending, net, by the job's family (`unknown` once the job
 * row is gone). Every other entry is a grant when it adds and a taking back when it removes, by
 * the first part of its key. granted − takenBack − spent is the sum of every change.
 */
export async function creditFlows(db: DbOrTx, range: OverviewRange): Promise<CreditFlowRow[]> {
  const result = await db.execute(sql`
    with e as (
      select l.currency, l.delta, l.idempotency_key as key,
        ${OF_JOB('l.idempotency_key')} as of_job,
        (
          select j.family from jobs j
          where j.user_id = l.user_id and (
            l.idempotency_key = 'job:' || j.source || ':' || j.request_id
            or starts_with(l.idempotency_key, 'job:' || j.source || ':' || j.request_id || ':')
            or l.idempotency_key = 'refund:' || j.id::text
            or starts_with(l.idempotency_key, 'refund:' || j.id::text || ':')
          )
          limit 1
        ) as family
      from credit_ledger l
      where l.created_at >= ${start(range)} and l.created_at < ${end(range)}
    )
    select currency,
      case when of_job then 'spent' when delta > 0 then 'granted' else 'takenBack' end as flow,
      case when of_job then coalesce(family, 'unknown') else split_part(key, ':', 1) end as key,
      sum(case when of_job then -delta else abs(delta) end)::bigint as amount
    from e group by 1, 2, 3 order by 1, 2, 3`);
  return rowsOf<{ currency: CreditFlowRow['currency']; flow: CreditFlow; key: string; amount: string }>(
    result,
  ).map((row) => ({ ...row, amount: Number(row.amount) }));
}

/** Jobs submitted in the range, per family and current status. */
export async function jobOutcomes(
  db: DbOrTx,
  range: OverviewRange,
): Promise<{ family: string; status: string; count: number }[]> {
  const result = await db.execute(sql`
    select family, status, count(*)::int as count from jobs
    where created_at >= ${start(range)} and created_at < ${end(range)}
    group by 1, 2 order by 1, 2`);
  return rowsOf<{ family: string; status: string; count: number }>(result).map((row) => ({
    ...row,
    count: Number(row.count),
  }));
}

/** Median and 99th percentile of the wait before a job first started, per plan at submission. */
export async function queueWaits(
  db: DbOrTx,
  range: OverviewRange,
): Promise<{ plan: string; jobs: number; p50Seconds: number; p99Seconds: number }[]> {
  const result = await db.execute(sql`
    select coalesce(plan, 'unknown') as plan, count(*)::int as jobs,
      percentile_cont(0.5) within group (order by extract(epoch from started_at - created_at)) as p50,
      percentile_cont(0.99) within group (order by extract(epoch from started_at - created_at)) as p99
    from jobs
    where created_at >= ${start(range)} and created_at < ${end(range)} and started_at is not null
    group by 1 order by 1`);
  return rowsOf<{ plan: string; jobs: number; p50: number | string; p99: number | string }>(result).map(
    (row) => ({
      plan: row.plan,
      jobs: Number(row.jobs),
      p50Seconds: Math.max(0, Number(row.p50)),
      p99Seconds: Math.max(0, Number(row.p99)),
    }),
  );
}

export interface LaneDay {
  day: string;
  lane: 'fast' | 'relax' | 'turbo';
  jobs: number;
  gpuSeconds: number;
}

/**
 * GPU time by lane per day: for each job that ended in the range, the time its attempts held a
 * host's slot (the hosts' attempt events), or, on a family without hosts, its run time. Days with
 * nothing in a lane are left out.
 */
export async function laneDays(db: DbOrTx, range: OverviewRange): Promise<LaneDay[]> {
  const result = await db.execute(sql`
    with attempts as (
      select job_id, sum(busy_seconds)::float8 as busy from fleet_host_events
      where kind = 'attempt' and job_id is not null and at >= ${start(range)}
      group by job_id
    )
    select to_char(${utcDay(sql`j.finished_at`)}, 'YYYY-MM-DD') as day, j.lane, count(*)::int as jobs,
      coalesce(sum(coalesce(a.busy, extract(epoch from j.finished_at - j.started_at))), 0)::float8 as gpu
    from jobs j left join attempts a on a.job_id = j.id
    where j.finished_at >= ${start(range)} and j.finished_at < ${end(range)} and j.started_at is not null
    group by 1, 2 order by 1, 2`);
  return rowsOf<{ day: string; lane: LaneDay['lane']; jobs: number; gpu: number | string }>(result).map(
    (row) => ({
      day: row.day,
      lane: row.lane,
      jobs: Number(row.jobs),
      gpuSeconds: Math.round(Number(row.gpu) * 10) / 10,
    }),
  );
}

export interface HostDay {
  host: string;
  day: string;
  slots: number;
  busySeconds: number;
  utilization: number;
  attempts: number;
  failedAttempts: number;
  faults: number;
}

/** Every known host on every day of the range: busy slot time, attempts, failed attempts, faults. */
export async function hostDays(db: DbOrTx, range: OverviewRange): Promise<HostDay[]> {
  const result = await db.execute(sql`
    with days as (
      select d::date as day from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as d
    ), ev as (
      select host, ${utcDay(sql`at`)} as day,
        coalesce(sum(busy_seconds) filter (where kind = 'attempt'), 0)::float8 as busy,
        count(*) filter (where kind = 'attempt')::int as attempts,
        count(*) filter (where kind = 'attempt' and outcome in ('failed', 'retried'))::int as failed,
        count(*) filter (where kind = 'fault')::int as faults
      from fleet_host_events where at >= ${start(range)} and at < ${end(range)}
      group by 1, 2
    ), hosts as (
      select host, slots from fleet_hosts
      union select distinct host, 1 from ev where host not in (select host from fleet_hosts)
    )
    select hosts.host, to_char(days.day, 'YYYY-MM-DD') as day, hosts.slots,
      coalesce(ev.busy, 0) as busy, coalesce(ev.attempts, 0) as attempts,
      coalesce(ev.failed, 0) as failed, coalesce(ev.faults, 0) as faults
    from hosts cross join days left join ev on ev.host = hosts.host and ev.day = days.day
    order by hosts.host, days.day`);
  return rowsOf<{
    host: string;
    day: string;
    slots: number;
    busy: number;
    attempts: number;
    failed: number;
    faults: number;
  }>(result).map((row) => {
    const slots = Math.max(1, Number(row.slots));
    const busy = Number(row.busy);
    return {
      host: row.host,
      day: row.day,
      slots,
      busySeconds: Math.round(busy * 10) / 10,
      utilization: Math.min(1, busy / (slots * 86_400)),
      attempts: Number(row.attempts),
      failedAttempts: Number(row.failed),
      faults: Number(row.faults),
    };
  });
}

export interface TopSpender {
  userId: string;
  discordName: string;
  netCents: number;
  payments: number;
  creditsSpent: number;
  hypercreditsSpent: number;
}

/** Who paid the most in the range (net), with what their jobs spent (holds net of refunds). */
export async function topSpenders(db: DbOrTx, range: OverviewRange, limit = 10): Promise<TopSpender[]> {
  const result = await db.execute(sql`
    with paid as (
      select user_id, sum(amount_cents - refunded_cents - ${disputeCost})::bigint as net, count(*)::int as payments
      from payments
      where user_id is not null and paid_at >= ${start(range)} and paid_at < ${end(range)}
      group by user_id
    ), spent as (
      select user_id,
        coalesce(sum(-delta) filter (where currency = 'credits'), 0)::bigint as credits,
        coalesce(sum(-delta) filter (where currency = 'hypercredits'), 0)::bigint as hypercredits
      from credit_ledger
      where ${OF_JOB('idempotency_key')}
        and created_at >= ${start(range)} and created_at < ${end(range)}
      group by user_id
    )
    select u.id as user_id, u.discord_name, paid.net, paid.payments,
      coalesce(spent.credits, 0) as credits, coalesce(spent.hypercredits, 0) as hypercredits
    from paid join users u on u.id = paid.user_id left join spent on spent.user_id = paid.user_id
    order by paid.net desc, u.discord_name limit ${limit}`);
  return rowsOf<{
    user_id: string;
    discord_name: string;
    net: string;
    payments: number;
    credits: string;
    hypercredits: string;
  }>(result).map((row) => ({
    userId: row.user_id,
    discordName: row.discord_name,
    netCents: Number(row.net),
    payments: Number(row.payments),
    creditsSpent: Number(row.credits),
    hypercreditsSpent: Number(row.hypercredits),
  }));
}
