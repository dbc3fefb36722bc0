import { type AnyColumn, type SQL, and, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../client.ts';
import { type FleetHostRow, fleetHostEvents, fleetHosts, jobs } from '../schema/index.ts';

export type { FleetHostRow } from '../schema/fleet.ts';

/** The first key of every slot lock; the second is `lock_key * 32 + slot`. */
export const SLOT_LOCK_NAMESPACE = 724013;
/** Slots per host the lock key leaves room for. */
export const SLOT_LOCK_STRIDE = 32;

export interface FleetHostConfig {
  host: string;
  provider: string;
  families: string[];
  slots: number;
}

export interface FleetHostState extends FleetHostRow {
  /** Slots some worker holds right now (its lock is live), across every process. */
  busy: number;
}

/** Records the configured hosts (keeping their health and counts) and answers their lock keys. */
export async function registerFleetHosts(db: DbOrTx, hosts: FleetHostConfig[]): Promise<FleetHostRow[]> {
  if (hosts.length === 0) return [];
  return db
    .insert(fleetHosts)
    .values(
      hosts.map((entry) => ({
        ...entry,
        lockKey: sql`hashtext(${entry.host}) & 67108863`,
      })),
    )
    .onConflictDoUpdate({
      target: fleetHosts.host,
      set: {
        provider: sql`excluded.provider`,
        families: sql`excluded.families`,
        slots: sql`excluded.slots`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
}

/** Every known host with its busy slots, read from the live locks. */
export async function listFleetHosts(db: DbOrTx): Promise<FleetHostState[]> {
  const rows = await db.select().from(fleetHosts).orderBy(fleetHosts.host);
  if (rows.length === 0) return [];
  const held = await db.execute<{ key: number; busy: number }>(sql`
    select (objid::text::bigint / ${SLOT_LOCK_STRIDE})::int as key, count(*)::int as busy
    from pg_locks
    where locktype = 'advisory' and granted and objsubid = 2
      and classid = ${SLOT_LOCK_NAMESPACE}::oid
      and database = (select oid from pg_database where datname = current_database())
    group by 1`);
  const busy = new Map(
    rowsOf<{ key: number; busy: number }>(held).map((row) => [Number(row.key), Number(row.busy)]),
  );
  return rows.map((row) => ({ ...row, busy: Math.min(row.slots, busy.get(row.lockKey) ?? 0) }));
}

/** Takes a host out of rotation; `down_since` keeps the first moment of an outage. */
export async function markFleetHostDown(db: DbOrTx, host: string, error: string): Promise<void> {
  await db
    .update(fleetHosts)
    .set({
      status: 'down',
      downSince: sql`coalesce(${fleetHosts.downSince}, now())`,
      lastError: error.slice(0, 500),
      lastErrorAt: sql`now()`,
      checkedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(fleetHosts.host, host));
}

/** Puts a host back in rotation after it answered; true when it was down. */
export async function markFleetHostUp(db: DbOrTx, host: string): Promise<boolean> {
  const rows = await db
    .update(fleetHosts)
    .set({ status: 'up', downSince: null, checkedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(fleetHosts.host, host), eq(fleetHosts.status, 'down')))
    .returning({ host: fleetHosts.host });
  return rows.length > 0;
}

export async function countFleetHostJob(db: DbOrTx, host: string): Promise<void> {
  await db
    .update(fleetHosts)
    .set({ jobsDone: sql`${fleetHosts.jobsDone} + 1` })
    .where(eq(fleetHosts.host, host));
}

/**
 * How long a slot of the family is typically busy per job, in seconds: the median over its latest
 * succeeded jobs of the time their host took (a slot is free again once its host has answered,
 * while the outputs are stored), or, for a family without hosts (the local provider), of their
 * run time. The median, so a job that went back to the queue after a host fault does not count
 * as long. Null before the first.
 */
export async function recentJobSeconds(db: DbOrTx, family: string, sample = 20): Promise<number | null> {
  const onHosts = db
    .select({ seconds: fleetHostEvents.busySeconds })
    .from(fleetHostEvents)
    .where(
      and(
        eq(fleetHostEvents.family, family),
        eq(fleetHostEvents.kind, 'attempt'),
        eq(fleetHostEvents.outcome, 'succeeded'),
      ),
    )
    .orderBy(desc(fleetHostEvents.id))
    .limit(sample)
    .as('on_hosts');
  const [hosts] = await db.select({ median: medianOf(onHosts.seconds) }).from(onHosts);
  if (hosts?.median != null) return Number(hosts.median);
  const recent = db
    .select({
      seconds: sql<number>`extract(epoch from (${jobs.finishedAt} - ${jobs.startedAt}))`.as('seconds'),
    })
    .from(jobs)
    .where(
      and(eq(jobs.family, family as FleetJobFamily), eq(jobs.status, 'succeeded'), isNotNull(jobs.startedAt)),
    )
    .orderBy(desc(jobs.finishedAt))
    .limit(sample)
    .as('recent');
  const [row] = await db.select({ median: medianOf(recent.seconds) }).from(recent);
  return row?.median == null ? null : Number(row.median);
}

const medianOf = (column: SQL.Aliased<number> | AnyColumn) =>
  sql<number | null>`percentile_cont(0.5) within group (order by ${column})`;

/** The ranks of the family's jobs submitted in the last `seconds`, with how many had each. */
export async function recentArrivalRanks(
  db: DbOrTx,
  family: string,
  seconds: number,
): Promise<{ rank: number; count: number }[]> {
  const rows = await db
    .select({ rank: jobs.priority, count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(
      and(
        eq(jobs.family, family as FleetJobFamily),
        sql`${jobs.createdAt} > now() - make_interval(secs => ${seconds})`,
      ),
    )
    .groupBy(jobs.priority);
  return rows.map((row) => ({ rank: Number(row.rank), count: Number(row.count) }));
}

type FleetJobFamily = (typeof jobs.family.enumValues)[number];

/** Queued jobs of a family that have waited, untouched, since before `before`. */
export async function strandedQueuedJobs(db: DbOrTx, family: string, before: Date, limit = 100) {
  return db
    .select({ id: jobs.id, queueJobId: jobs.queueJobId })
    .from(jobs)
    .where(
      and(eq(jobs.family, family as FleetJobFamily), eq(jobs.status, 'queued'), lt(jobs.updatedAt, before)),
    )
    .limit(limit);
}

/**
 * How many jobs of a family run at once now: the slots of its hosts in rotation, or, for a family
 * without hosts (the local provider), the jobs running now; at least one.
 */
export async function familyCapacity(db: DbOrTx, family: string): Promise<number> {
  const [hosts] = await db
    .select({
      slots: sql<number>`coalesce(sum(${fleetHosts.slots}) filter (where ${fleetHosts.status} = 'up'), 0)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(fleetHosts)
    .where(sql`${fleetHosts.families} ? ${family}`);
  if (hosts && hosts.count > 0) return Math.max(1, hosts.slots);
  const [running] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.family, family as FleetJobFamily), eq(jobs.status, 'running')));
  return Math.max(1, running?.count ?? 0);
}

export interface FleetHostEvent {
  host: string;
  kind: 'attempt' | 'fault' | 'up';
  family?: string;
  jobId?: string;
  /** An attempt's end: succeeded, failed, cancelled or retried. */
  outcome?: string;
  /** How long the attempt held its slot. */
  busySeconds?: number;
  error?: string;
}

/** Records what happened on a host, for its utilization and failures over time. */
export async function recordFleetHostEvent(db: DbOrTx, event: FleetHostEvent): Promise<void> {
  await db.insert(fleetHostEvents).values({ ...event, error: event.error?.slice(0, 500) });
}
