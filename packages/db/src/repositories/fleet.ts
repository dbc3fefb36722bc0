import { and, eq, lt, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf, runStatement } from '../client.ts';
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

/** Arrivals read at most for a family's pace of arrivals: enough for a rate, bounded in a rush. */
export const ARRIVAL_SAMPLE = 500;

/** What the wait of a family's queued jobs is estimated from (`queueStandings`). */
export interface FamilyStanding {
  /** Queued jobs of the family ahead of each of the given ones in dispatch order (rank, then age). */
  positions: Map<string, number>;
  /**
   * Slots that can run the family: those of its hosts in rotation (at least 1 while it has any
   * host); without hosts (the embedded default), its running jobs, at least 1.
   */
  slots: number;
  /** When the family's running jobs started. */
  runningStarts: Date[];
  /**
   * How long a slot of the family is typically busy per job, in seconds: the median over its
   * latest succeeded attempts of the time their host took (a slot is free again once its host has
   * answered, while the outputs are stored), or, for a family without hosts (the local provider),
   * of its latest succeeded jobs' run time. The median, so a job that went back to the queue after
   * a host fault does not count as long. Null before the first.
   */
  medianSeconds: number | null;
  /** The ranks of the family's jobs submitted in the last `arrivalWindowSeconds`, with how many had each. */
  arrivals: { rank: number; count: number }[];
  /**
   * How far back the arrivals go: `arrivalWindowJobs` typical job times, so that the window scales
   * with the family's pace (30 s before the first job's time is known), within 5 s–15 min; in a
   * rush, the time the latest `ARRIVAL_SAMPLE` arrivals took, the same pace at a bounded cost.
   */
  arrivalWindowSeconds: number;
}

/**
 * What a family's wait is estimated from, in one statement. A position counts the queued jobs
 * ahead of the job in dispatch order, as the dispatcher's claim orders them (rank, then age).
 * Prepared: it runs for every answer that shows a queued job.
 */
const FAMILY_STANDING = `
  WITH hosts AS (
    SELECT coalesce(sum(slots) FILTER (WHERE status = 'up'), 0)::int AS slots, count(*)::int AS count
    FROM fleet_hosts WHERE families ? $1::text
  ), running AS (
    SELECT started_at FROM jobs WHERE family = $1::text AND status = 'running'
  ), on_hosts AS (
    SELECT busy_seconds AS seconds FROM fleet_host_events
    WHERE family = $1::text AND kind = 'attempt' AND outcome = 'succeeded'
    ORDER BY id DESC LIMIT $4::int
  ), recent AS (
    SELECT extract(epoch FROM (finished_at - started_at)) AS seconds FROM jobs
    WHERE family = $1::text AND status = 'succeeded' AND started_at IS NOT NULL
    ORDER BY finished_at DESC LIMIT $4::int
  ), typical AS (
    SELECT coalesce(
      (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) FROM on_hosts),
      (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) FROM recent)
    )::float8 AS seconds
  ), win AS (
    SELECT least(900, greatest(5, coalesce((SELECT seconds FROM typical) * $3::float8, 30)))::float8 AS seconds
  ), latest AS (
    SELECT priority, created_at FROM jobs
    WHERE family = $1::text AND created_at > now() - make_interval(secs => (SELECT seconds FROM win))
    ORDER BY created_at DESC LIMIT $5::int
  ), covered AS (
    -- A full sample covers the time back to its oldest arrival; a partial one the whole window.
    SELECT CASE WHEN count(*) >= $5::int
      THEN greatest(0.001, extract(epoch FROM now() - min(created_at)))::float8
      ELSE (SELECT seconds FROM win) END AS seconds
    FROM latest
  ), arrivals AS (
    SELECT priority AS rank, count(*)::int AS count FROM latest GROUP BY priority
  ), mine AS (
    SELECT id, priority, created_at FROM jobs WHERE id = ANY($2::uuid[]) AND status = 'queued'
  )
  SELECT
    (SELECT CASE WHEN count > 0 THEN greatest(1, slots) END FROM hosts) AS "hostSlots",
    (SELECT count(*)::int FROM running) AS "running",
    (SELECT coalesce(json_agg(started_at), '[]'::json) FROM running WHERE started_at IS NOT NULL) AS "starts",
    (SELECT seconds FROM typical) AS "medianSeconds",
    (SELECT seconds FROM covered) AS "arrivalWindowSeconds",
    (SELECT coalesce(json_agg(json_build_object('rank', rank, 'count', count)), '[]'::json) FROM arrivals) AS "arrivals",
    (SELECT coalesce(json_object_agg(mine.id, (
      SELECT count(*)::int FROM jobs ahead
      WHERE ahead.family = $1::text AND ahead.status = 'queued'
        AND (ahead.priority > mine.priority OR (ahead.priority = mine.priority AND ahead.created_at < mine.created_at))
    )), '{}'::json) FROM mine) AS "positions"`;

export async function familyStanding(
  db: DbOrTx,
  family: string,
  ids: string[],
  {
    arrivalWindowJobs,
    sample = 20,
    arrivalSample = ARRIVAL_SAMPLE,
  }: { arrivalWindowJobs: number; sample?: number; arrivalSample?: number },
): Promise<FamilyStanding> {
  const [row] = await runStatement<{
    hostSlots: number | null;
    running: number;
    starts: string[] | string;
    medianSeconds: number | null;
    arrivalWindowSeconds: number;
    arrivals: { rank: number; count: number }[] | string;
    positions: Record<string, number> | string;
  }>(db, 'family-standing', FAMILY_STANDING, [
    family,
    `{${ids.join(',')}}`,
    arrivalWindowJobs,
    sample,
    arrivalSample,
  ]);
  const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  return {
    positions: new Map(Object.entries(json(row!.positions))),
    slots: row!.hostSlots ?? Math.max(1, row!.running),
    runningStarts: json(row!.starts).map((start) => new Date(start)),
    medianSeconds: row!.medianSeconds == null ? null : Number(row!.medianSeconds),
    arrivalWindowSeconds: Number(row!.arrivalWindowSeconds),
    arrivals: json(row!.arrivals).map((arrival) => ({
      rank: Number(arrival.rank),
      count: Number(arrival.count),
    })),
  };
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
