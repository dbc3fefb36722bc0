import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { grant, spend } from '../ledger.ts';
import {
  creditLedger,
  fleetHostEvents,
  fleetHosts,
  jobs,
  payments,
  subscriptions,
  users,
} from '../schema/index.ts';

/**
 * A month of business for the admin overview, written as it would have happened: people buy credit
 * packages and plan periods (payments granting through the ledger), some are refunded or disputed,
 * subscriptions start and lapse, jobs are held, run on two hosts, and some fail and are refunded;
 * the hosts fail now and then. Every amount goes through the ledger's own functions; only the
 * timestamps are moved back to the day each event belongs to.
 *
 * Deterministic for a given `seed` and `end`. Its people are named `demo-…` and its jobs are
 * private, so the product's own pages are not crowded by them.
 */
export interface OverviewHistoryOptions {
  db: Db;
  /** The last day of the history (its events fall before this instant). Default: now. */
  end?: Date;
  days?: number;
  seed?: number;
}

const DAY = 86_400_000;
const HOSTS = [
  { host: 'http://demo-gpu-a:7860', slots: 2, families: ['image'] },
  { host: 'http://demo-gpu-b:8188', slots: 1, families: ['video', 'audio', 'lipsync'] },
] as const;
const PACKAGES = [
  { product: '500 Credits', cents: 499, credits: 500, hypercredits: 0 },
  { product: '2000 Credits', cents: 1499, credits: 2000, hypercredits: 0 },
  { product: '100 Hypercredits', cents: 999, credits: 0, hypercredits: 100 },
];
const PLANS = [
  { product: 'Professional Plan', cents: 2999, credits: 2500, hypercredits: 50 },
  { product: 'Founders Plan', cents: 4999, credits: 20000, hypercredits: 150 },
];
const JOB_KINDS = [
  { command: 'make', family: 'image', credits: 4, hypercredits: 0 },
  { command: 'make', family: 'image', credits: 8, hypercredits: 0 },
  { command: 'video', family: 'video', credits: 0, hypercredits: 5 },
  { command: 'speak', family: 'audio', credits: 0, hypercredits: 2 },
  { command: 'lipsync', family: 'lipsync', credits: 0, hypercredits: 10 },
] as const;

export interface OverviewHistory {
  from: string;
  to: string;
  userIds: string[];
}

export async function seedOverviewHistory(options: OverviewHistoryOptions): Promise<OverviewHistory> {
  // One transaction: all of the month or none of it, and one flush to disk instead of thousands.
  return options.db.transaction((tx) => writeHistory({ ...options, db: tx }));
}

async function writeHistory(options: OverviewHistoryOptions): Promise<OverviewHistory> {
  const { db } = options;
  const days = options.days ?? 30;
  const end = options.end ?? new Date();
  const lastDay = Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate());
  const firstDay = lastDay - (days - 1) * DAY;
  let state = options.seed ?? 1;
  // mulberry32: a small deterministic generator, so a seed always gives the same month.
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  // Events of a day fall in its working hours, and never after `end`.
  const momentOn = (day: number) =>
    new Date(Math.min(day + (8 + random() * 12) * 3_600_000, end.getTime() - 60_000));
  const tag = `${options.seed ?? 1}-${lastDay.toString(36)}`;

  const people = await db
    .insert(users)
    .values(
      Array.from({ length: 12 }, (_, index) => ({
        discordName: `demo-${String(index + 1).padStart(2, '0')}-${tag}`,
        createdAt: new Date(firstDay - DAY),
      })),
    )
    .returning({ id: users.id });
  const userIds = people.map((person) => person.id);
  await db
    .insert(fleetHosts)
    .values(
      HOSTS.map((entry) => ({
        host: entry.host,
        provider: entry.host.endsWith('8188') ? 'comfyui' : 'a1111',
        families: [...entry.families],
        slots: entry.slots,
        lockKey: sql`hashtext(${entry.host}) & 67108863`,
      })),
    )
    .onConflictDoNothing();

  /** Ledger changes of this history, moved back to when they happened. */
  const when = new Map<string, Date>();
  const credit = async (
    userId: string,
    key: string,
    at: Date,
    amounts: { credits: number; hypercredits: number },
    reason: string,
  ) => {
    for (const currency of ['credits', 'hypercredits'] as const) {
      if (amounts[currency] <= 0) continue;
      await grant(db, {
        userId,
        currency,
        amount: amounts[currency],
        reason,
        idempotencyKey: `${key}:${currency}`,
      });
      when.set(`${key}:${currency}`, at);
    }
  };
  const takeBack = async (
    userId: string,
    key: string,
    at: Date,
    amounts: { credits: number; hypercredits: number },
    reason: string,
  ) => {
    for (const currency of ['credits', 'hypercredits'] as const) {
      if (amounts[currency] <= 0) continue;
      const result = await spend(db, {
        userId,
        currency,
        amount: amounts[currency],
        reason,
        idempotencyKey: `${key}:${currency}`,
      });
      if (result.status === 'applied') when.set(`${key}:${currency}`, at);
    }
  };

  for (let day = firstDay, index = 0; day <= lastDay; day += DAY, index += 1) {
    // Purchases: a few credit packages a day, and plan periods for the subscribers.
    const purchases = 1 + Math.floor(random() * 4);
    for (let n = 0; n < purchases; n += 1) {
      const userId = pick(userIds);
      const isPlan = random() < 0.3;
      const item = isPlan ? pick(PLANS) : pick(PACKAGES);
      const paidAt = momentOn(day);
      const id = `${isPlan ? 'in' : 'pi'}_demo_${tag}_${index}_${n}`;
      const key = `${isPlan ? 'invoice' : 'payment_intent'}:${id}`;
      const refunded = random() < 0.1;
      const disputeRoll = random();
      const disputeStatus = refunded
        ? null
        : disputeRoll < 0.03
          ? 'lost'
          : disputeRoll < 0.06
            ? 'open'
            : disputeRoll < 0.08
              ? 'won'
              : null;
      await db.insert(payments).values({
        id,
        userId,
        kind: isPlan ? 'plan' : 'creditPackage',
        product: item.product,
        amountCents: item.cents,
        chargeId: `ch_demo_${tag}_${index}_${n}`,
        creditsGranted: item.credits,
        hypercreditsGranted: item.hypercredits,
        // A refund is of the whole payment, or of half of it.
        refundedCents: refunded ? (random() < 0.5 ? item.cents : Math.floor(item.cents / 2)) : 0,
        disputeStatus,
        disputedCents: disputeStatus ? item.cents : 0,
        disputeFeeCents: disputeStatus ? 1500 : 0,
        paidAt,
      });
      await credit(userId, key, paidAt, item, isPlan ? `plan ${item.product}` : `package ${item.product}`);
      if (refunded || disputeStatus === 'lost') {
        const at = new Date(paidAt.getTime() + 3_600_000);
        await takeBack(
          userId,
          `${refunded ? 'refund' : 'dispute'}-demo:${id}`,
          at,
          item,
          refunded ? 'refund' : 'dispute lost',
        );
      }
      if (isPlan && random() < 0.5) {
        const lapses = random() < 0.3;
        await db.insert(subscriptions).values({
          id: `sub_demo_${tag}_${index}_${n}`,
          userId,
          tier: item.product,
          status: lapses ? 'canceled' : 'active',
          currentPeriodEnd: new Date(paidAt.getTime() + 30 * DAY),
          startedAt: paidAt,
          endedAt: lapses ? new Date(Math.min(paidAt.getTime() + 2 * DAY, end.getTime() - 60_000)) : null,
          updatedAt: paidAt,
        });
      }
    }
    if (index % 10 === 0)
      await credit(
        pick(userIds),
        `welcome-demo:${tag}:${index}`,
        momentOn(day),
        { credits: 20, hypercredits: 0 },
        'welcome',
      );

    // Jobs: held when submitted, run on a host, refunded when they fail or are cancelled.
    const count = 4 + Math.floor(random() * 8);
    for (let n = 0; n < count; n += 1) {
      const userId = pick(userIds);
      const kind = pick(JOB_KINDS);
      const requestId = `demo-${tag}-${index}-${n}`;
      const createdAt = momentOn(day);
      // Each kind costs one currency; without enough of it the job is refused, as submitJob would.
      const currency = kind.credits > 0 ? 'credits' : 'hypercredits';
      const key = `job:demo:${requestId}`;
      const held = await spend(db, {
        userId,
        currency,
        amount: kind[currency],
        reason: `job ${kind.command}`,
        idempotencyKey: key,
      });
      if (held.status !== 'applied') continue;
      when.set(key, createdAt);
      const roll = random();
      const status = roll < 0.8 ? 'succeeded' : roll < 0.93 ? 'failed' : 'cancelled';
      const plan = random() < 0.5 ? 'free' : pick(PLANS).product;
      const waitSeconds = plan === 'free' ? 5 + random() * 120 : 1 + random() * 20;
      const runSeconds = kind.family === 'image' ? 4 + random() * 20 : 30 + random() * 200;
      const startedAt = new Date(createdAt.getTime() + waitSeconds * 1000);
      const finishedAt = new Date(startedAt.getTime() + runSeconds * 1000);
      const [job] = await db
        .insert(jobs)
        .values({
          userId,
          command: kind.command,
          family: kind.family,
          options: { prompt: 'a demo job' },
          status,
          plan,
          costCredits: kind.credits,
          costHypercredits: kind.hypercredits,
          public: false,
          source: 'demo',
          requestId,
          createdAt,
          startedAt,
          finishedAt,
          updatedAt: finishedAt,
          errorCode: status === 'failed' ? 'BACKEND_ERROR' : null,
          errorMessage: status === 'failed' ? 'The host failed.' : null,
        })
        .returning({ id: jobs.id });
      if (status !== 'succeeded')
        await credit(userId, `refund:${job!.id}`, finishedAt, kind, `refund ${kind.command}`);
      const host = HOSTS.find((entry) => (entry.families as readonly string[]).includes(kind.family))!;
      await db.insert(fleetHostEvents).values({
        host: host.host,
        kind: 'attempt',
        family: kind.family,
        jobId: job!.id,
        outcome: status,
        busySeconds: runSeconds,
        at: finishedAt,
      });
    }
    if (random() < 0.25) {
      const host = pick(HOSTS).host;
      const at = momentOn(day);
      await db.insert(fleetHostEvents).values([
        { host, kind: 'fault', error: 'BACKEND_UNREACHABLE: connect ECONNREFUSED', at },
        { host, kind: 'up', at: new Date(at.getTime() + 90_000) },
      ]);
    }
  }

  const moves = [...when];
  for (let index = 0; index < moves.length; index += 500) {
    const batch = moves.slice(index, index + 500);
    await db.execute(sql`
      update ${creditLedger} set created_at = moved.at
      from (values ${sql.join(
        batch.map(([key, at]) => sql`(${key}, ${at.toISOString()}::timestamptz)`),
        sql`, `,
      )}) as moved(key, at)
      where ${creditLedger.idempotencyKey} = moved.key`);
  }
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: day(firstDay), to: day(lastDay), userIds };
}

/**
 * Plain sums over the raw tables for a range (UTC days, both ends in), computed apart from the
 * overview's own queries so tests can hold one against the other.
 */
export async function historySums(db: Db, range: { from: string; to: string }) {
  const start = new Date(`${range.from}T00:00:00Z`);
  const stop = new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY);
  const paidIn = and(gte(payments.paidAt, start), lt(payments.paidAt, stop));
  const disputed = sql`case when ${payments.disputeStatus} in ('open', 'lost') then ${payments.disputedCents} + ${payments.disputeFeeCents} else 0 end`;
  const [money] = await db
    .select({
      gross: sql<string>`coalesce(sum(${payments.amountCents}), 0)`,
      refunds: sql<string>`coalesce(sum(${payments.refundedCents}), 0)`,
      disputes: sql<string>`coalesce(sum(${disputed}), 0)`,
      count: sql<number>`count(*)::int`,
      credits: sql<string>`coalesce(sum(${payments.creditsGranted}), 0)`,
      hypercredits: sql<string>`coalesce(sum(${payments.hypercreditsGranted}), 0)`,
    })
    .from(payments)
    .where(paidIn);
  const plans = await db
    .select({ product: payments.product, gross: sql<string>`sum(${payments.amountCents})` })
    .from(payments)
    .where(and(eq(payments.kind, 'plan'), paidIn))
    .groupBy(payments.product);
  const netOfUser = await db
    .select({
      userId: payments.userId,
      net: sql<string>`sum(${payments.amountCents} - ${payments.refundedCents} - ${disputed})`,
    })
    .from(payments)
    .where(paidIn)
    .groupBy(payments.userId);
  const ledger = await db
    .select({ currency: creditLedger.currency, sum: sql<string>`sum(${creditLedger.delta})` })
    .from(creditLedger)
    .where(and(gte(creditLedger.createdAt, start), lt(creditLedger.createdAt, stop)))
    .groupBy(creditLedger.currency);
  const jobsIn = and(gte(jobs.createdAt, start), lt(jobs.createdAt, stop));
  const succeeded = await db
    .select({
      family: jobs.family,
      credits: sql<string>`sum(${jobs.costCredits})`,
      hypercredits: sql<string>`sum(${jobs.costHypercredits})`,
    })
    .from(jobs)
    .where(and(eq(jobs.status, 'succeeded'), jobsIn))
    .groupBy(jobs.family);
  const [jobCount] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(jobsIn);
  const gross = Number(money!.gross);
  const refunds = Number(money!.refunds);
  const disputes = Number(money!.disputes);
  return {
    revenue: { gross, refunds, disputes, net: gross - refunds - disputes, payments: Number(money!.count) },
    grantedByPayments: { credits: Number(money!.credits), hypercredits: Number(money!.hypercredits) },
    planGross: Object.fromEntries(plans.map((row) => [row.product, Number(row.gross)])),
    netOfUser: Object.fromEntries(netOfUser.map((row) => [row.userId ?? '', Number(row.net)])),
    ledgerNet: {
      credits: Number(ledger.find((row) => row.currency === 'credits')?.sum ?? 0),
      hypercredits: Number(ledger.find((row) => row.currency === 'hypercredits')?.sum ?? 0),
    },
    /** What succeeded jobs cost per family: the others were refunded. */
    succeededCost: Object.fromEntries(
      succeeded.map((row) => [
        row.family,
        { credits: Number(row.credits), hypercredits: Number(row.hypercredits) },
      ]),
    ),
    jobs: jobCount!.count,
  };
}
