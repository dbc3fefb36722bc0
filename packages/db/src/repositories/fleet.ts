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
export const ARRIVAL_SAMPLE = 200;
/** A family's latest succeeded jobs whose times give its typical time per job. */
export const DURATION_SAMPLE = 20;

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

/** Where the family-wide part of a standing is read from: placeholders of the statement it joins. */
export interface FamilyStandingParams {
  family: string;
  arrivalWindowJobs: string;
  sample: string;
  arrivalSample: string;
}

/**
 * The family-wide part of a standing, as common table expressions (named `fs_…`) and one JSON
 * value built from them, for a statement to include with its own placeholders: `FAMILY_STANDING`,
 * and a submission, which answers with the new job's standing in the same round trip.
 */
export function familyStandingSql({
  family,
  arrivalWindowJobs,
  sample,
  arrivalSample,
}: FamilyStandingParams) {
  const ctes = `
  fs_hosts AS (
    SELECT coalesce(sum(slots) FILTER (WHERE status = 'up'), 0)::int AS slots, count(*)::int AS count
    FROM fleet_hosts WHERE families ? ${family}::text
  ), fs_running AS (
    SELECT started_at FROM jobs WHERE family = ${family}::text AND status = 'running'
  ), fs_on_hosts AS (
    SELECT busy_seconds AS seconds FROM fleet_host_events
    WHERE family = ${family}::text AND kind = 'attempt' AND outcome = 'succeeded'
    ORDER BY id DESC LIMIT ${sample}::int
  ), fs_recent AS (
    SELECT extract(epoch FROM (finished_at - started_at)) AS seconds FROM jobs
    WHERE family = ${family}::text AND status = 'succeeded' AND started_at IS NOT NULL
    ORDER BY finished_at DESC LIMIT ${sample}::int
  ), fs_typical AS (
    SELECT coalesce(
      (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) FROM fs_on_hosts),
      (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) FROM fs_recent)
    )::float8 AS seconds
  ), fs_win AS (
    SELECT least(900, greatest(5, coalesce((SELECT seconds FROM fs_typical) * ${arrivalWindowJobs}::float8, 30)))::float8 AS seconds
  ), fs_latest AS (
    SELECT priority, created_at FROM jobs
    WHERE family = ${family}::text AND created_at > now() - make_interval(secs => (SELECT seconds FROM fs_win))
    ORDER BY created_at DESC LIMIT ${arrivalSample}::int
  ), fs_covered AS (
    -- A full sample covers the time back to its oldest arrival; a partial one the whole window.
    SELECT CASE WHEN count(*) >= ${arrivalSample}::int
      THEN greatest(0.001, extract(epoch FROM now() - min(created_at)))::float8
      ELSE (SELECT seconds FROM fs_win) END AS seconds
    FROM fs_latest
  ), fs_arrivals AS (
    SELECT priority AS rank, count(*)::int AS count FROM fs_latest GROUP BY priority
  )`;
  const value = `json_build_object(
    'hostSlots', (SELECT CASE WHEN count > 0 THEN greatest(1, slots) END FROM fs_hosts),
    'running', (SELECT count(*)::int FROM fs_running),
    'starts', (SELECT coalesce(json_agg(started_at), '[]'::json) FROM fs_running WHERE started_at IS NOT NULL),
    'medianSeconds', (SELECT seconds FROM fs_typical),
    'arrivalWindowSeconds', (SELECT seconds FROM fs_covered),
    'arrivals', (SELECT coalesce(json_agg(json_build_object('rank', rank, 'count', count)), '[]'::json) FROM fs_arrivals))`;
  return { ctes, value };
}

/**
 * The queued jobs of a family ahead of a job in dispatch order (rank, then age), as SQL for a
 * statement's own placeholders and columns: `jobs_queued_ahead` (migration 0023) counts two index
 * ranges (a higher rank; the same rank, older), in the calling statement's snapshot.
 */
export function queuedAheadSql(family: string, priority: string, createdAt: string): string {
  return `jobs_queued_ahead(${family}::text, ${priority}, ${createdAt})`;
}

/**
 * The queued jobs of a family a job queued this moment waits behind (every queued job of its rank
 * or a higher one), as SQL for a statement's own placeholders: the queue's counters
 * (`queued_job_counts`, kept by the jobs table's triggers) in the statement's snapshot, a few rows
 * however long the queue. Equal to `queuedAheadSql` for the newest job of its rank.
 */
export function queuedAheadOfNewSql(family: string, priority: string): string {
  return `(SELECT coalesce(sum(c.count), 0)::int FROM queued_job_counts c
    WHERE c.family = ${family}::text AND c.priority >= ${priority})`;
}

/**
 * Folds the queue counters of database connections that have ended into one row per family and
 * rank (stripe 0), and drops the rows that count nothing; answers how many rows it folded. The
 * sums do not change, so it may run at any time, anywhere, as often as wanted.
 */
export async function foldQueuedJobCounts(db: DbOrTx): Promise<number> {
  const [row] = await runStatement<{ folded: number }>(
    db,
    'fold-queued-job-counts',
    `WITH gone AS (
      DELETE FROM queued_job_counts c
      WHERE c.stripe <> 0 AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = c.stripe)
      RETURNING c.family, c.priority, c.count
    ), folded AS (
      INSERT INTO queued_job_counts AS c (family, priority, stripe, count)
      SELECT family, priority, 0, sum(count)::int FROM gone GROUP BY family, priority ORDER BY family, priority
      ON CONFLICT (family, priority, stripe) DO UPDATE SET count = c.count + excluded.count
      RETURNING 1
    ), emptied AS (
      DELETE FROM queued_job_counts c WHERE c.stripe = 0 AND c.count = 0
        AND NOT EXISTS (SELECT 1 FROM gone g WHERE g.family = c.family AND g.priority = c.priority)
    )
    SELECT (SELECT count(*)::int FROM gone) AS folded`,
    [],
  );
  return row?.folded ?? 0;
}

/** The family-wide part of a standing as `familyStandingSql` builds it. */
export interface FamilyStandingJson {
  hostSlots: number | null;
  running: number;
  starts: string[];
  medianSeconds: number | null;
  arrivalWindowSeconds: number;
  arrivals: { rank: number; count: number }[];
}

/** A standing from its family-wide part and the positions of the jobs asked about. */
export function familyStandingOf(
  value: FamilyStandingJson | string,
  positions: Record<string, number> | string,
): FamilyStanding {
  const json = <T>(raw: T | string): T => (typeof raw === 'string' ? (JSON.parse(raw) as T) : raw);
  const family = json(value);
  return {
    positions: new Map(Object.entries(json(positions)).map(([id, position]) => [id, Number(position)])),
    slots: family.hostSlots ?? Math.max(1, family.running),
    runningStarts: family.starts.map((start) => new Date(start)),
    medianSeconds: family.medianSeconds == null ? null : Number(family.medianSeconds),
    arrivalWindowSeconds: Number(family.arrivalWindowSeconds),
    arrivals: family.arrivals.map((arrival) => ({
      rank: Number(arrival.rank),
      count: Number(arrival.count),
    })),
  };
}

/**
 * What a family's wait is estimated from, in one statement. A position counts the queued jobs
 * ahead of the job in dispatch order, as the dispatcher's claim orders them (rank, then age).
 * Prepared: it runs for every answer that shows a queued job.
 */
const FAMILY_WIDE = familyStandingSql({
  family: '$1',
  arrivalWindowJobs: '$3',
  sample: '$4',
  arrivalSample: '$5',
});
const FAMILY_STANDING = `
  WITH ${FAMILY_WIDE.ctes}, mine AS (
    SELECT id, priority, created_at FROM jobs WHERE id = ANY($2::uuid[]) AND status = 'queued'
  )
  SELECT ${FAMILY_WIDE.value} AS "family",
    (SELECT coalesce(json_object_agg(mine.id, ${queuedAheadSql('$1', 'mine.priority', 'mine.created_at')}), '{}'::json)
      FROM mine) AS "positions"`;

/** How many typical job times back a family's pace of arrivals is counted, and how many samples. */
export interface StandingWindow {
  arrivalWindowJobs: number;
  sample?: number;
  arrivalSample?: number;
}

export async function familyStanding(
  db: DbOrTx,
  family: string,
  ids: string[],
  { arrivalWindowJobs, sample = DURATION_SAMPLE, arrivalSample = ARRIVAL_SAMPLE }: StandingWindow,
): Promise<FamilyStanding> {
  const [row] = await runStatement<{
    family: FamilyStandingJson | string;
    positions: Record<string, number> | string;
  }>(db, 'family-standing', FAMILY_STANDING, [
    family,
    `{${ids.join(',')}}`,
    arrivalWindowJobs,
    sample,
    arrivalSample,
  ]);
  return familyStandingOf(row!.family, row!.positions);
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
