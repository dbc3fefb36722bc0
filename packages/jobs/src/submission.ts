import {
  ARRIVAL_SAMPLE,
  DURATION_SAMPLE,
  type DbOrTx,
  type FamilyStanding,
  type FamilyStandingJson,
  JOB_EVENTS_CHANNEL,
  type JobEvent,
  type JobRow,
  type NewDiscordDelivery,
  type Notice,
  QUEUE_NOTIFY_CHANNEL,
  type StandingWindow,
  familyStandingOf,
  familyStandingSql,
  jobFromJson,
  RELAX_COUNTED_SQL,
  RELAX_DAY_START_SQL,
  lanePeriodStartSql,
  queuedAheadOfNewSql,
  runStatement,
} from '@app/db';
import type { Lane } from '@app/domain';
import { QUEUE_ENTRY_OF_NEW_JOB, QUEUE_WAKES } from './queue-store.ts';

/**
 * A job submission's writes in one statement, so a submission is one round trip and one implicit
 * transaction: the user's row lock with every read the checks need, the price held on the ledger
 * (one append-only row per currency, under its idempotency key, never below zero), the job row
 * and the queue's entry. Its `queued` event and the wake-up its workers listen for come back as
 * notices, for the caller to send once the statement's transaction has committed
 * (`notifyAfterCommit`): a NOTIFY inside it would hold every other one back. When a
 * check fails nothing is written and the standing that failed it comes back, for the caller to
 * say why. A new job's place in the queue comes back with it (its family's standing as
 * `familyStanding` reads it, and the queued jobs ahead of it from the queue's counters), so its
 * first answer needs no second round trip. Prepared: parsed and planned once per connection.
 *
 * The queue entry is written as pg-boss's own `send` writes it (`QUEUE_ENTRY_OF_NEW_JOB`, with the
 * queue's other statements in `queue-store.ts`); `submission-entry.test.ts` compares the two rows
 * column by column, so a change of pg-boss shows there.
 */
const FAMILY_WIDE = familyStandingSql({
  family: '$2',
  arrivalWindowJobs: '$23',
  sample: '$24',
  arrivalSample: '$25',
});
const SUBMIT = `
  WITH locked AS MATERIALIZED (
    SELECT u.id, u.credits, u.hypercredits,
      EXISTS (SELECT 1 FROM payments p WHERE p.user_id = u.id AND p.dispute_status = 'open') AS disputed,
      -- The person's jobs in flight, of every family and of the job's own (in the job's side of
      -- the lanes: relax apart from fast and turbo), in one pass.
      (SELECT ARRAY[count(*), count(*) FILTER (WHERE j.family = $2::text
          AND (j.lane = 'relax') = ($26::text = 'relax'))]::int[] FROM jobs j
        WHERE j.user_id = u.id AND j.status IN ('queued', 'running')) AS in_flight,
      -- A relax job: the person's relax jobs this period (its order) and today (the plan's cap).
      CASE WHEN $26::text = 'relax' THEN (
        SELECT ARRAY[count(*), count(*) FILTER (WHERE j.created_at >= ${RELAX_DAY_START_SQL})]::int[]
        FROM jobs j WHERE j.user_id = u.id AND ${RELAX_COUNTED_SQL}
          AND j.created_at >= ${lanePeriodStartSql('u.id')})
      ELSE ARRAY[0, 0]::int[] END AS relax_used
    FROM users u WHERE u.id = $1::uuid
    FOR UPDATE OF u
  ),
  me AS MATERIALIZED (
    SELECT id, credits, hypercredits, disputed, in_flight[1] AS active, in_flight[2] AS active_of_family,
      relax_used[1] AS relax_period, relax_used[2] AS relax_today
    FROM locked
  ),
  twin AS MATERIALIZED (
    SELECT j.* FROM jobs j WHERE j.source = $15::text AND j.request_id = $16::text
  ),
  ok AS MATERIALIZED (
    SELECT me.* FROM me
    WHERE NOT EXISTS (SELECT 1 FROM twin)
      AND NOT me.disputed AND me.credits >= 0 AND me.hypercredits >= 0
      AND me.active < $3::int AND me.credits >= $4::int AND me.hypercredits >= $5::int
      AND ($27::int IS NULL OR me.relax_today < $27::int)
  ),
  held AS (
    UPDATE users u SET credits = u.credits - $4::int, hypercredits = u.hypercredits - $5::int, updated_at = now()
    FROM ok
    WHERE u.id = ok.id AND ($4::int > 0 OR $5::int > 0)
      AND u.credits >= $4::int AND u.hypercredits >= $5::int
    RETURNING u.credits, u.hypercredits
  ),
  entries AS (
    INSERT INTO credit_ledger (user_id, currency, delta, reason, idempotency_key, balance_after)
    SELECT $1::uuid, part.currency, -part.amount, $7::text, part.key,
      CASE part.currency WHEN 'credits' THEN held.credits ELSE held.hypercredits END
    FROM held
    CROSS JOIN (VALUES ('credits', $4::int, $8::text), ('hypercredits', $5::int, $9::text)) AS part (currency, amount, key)
    WHERE part.amount > 0
    RETURNING id
  ),
  job AS (
    INSERT INTO jobs (id, user_id, command, family, options, status, priority, plan, queue_job_id,
      cost_credits, cost_hypercredits, public, source, request_id, parent_job_id, lane, auto_relaxed)
    SELECT $10::uuid, $1::uuid, $11::text, $2::text, $12::jsonb, 'queued',
      -- Fast and turbo: the person's round in the family; relax: their relax use this period.
      greatest($6::int - CASE WHEN $26::text = 'relax' THEN ok.relax_period ELSE ok.active_of_family END,
        $22::int),
      $13::text, $18::text, $4::int, $5::int, $14::boolean, $15::text, $16::text, $17::uuid, $26::text, $28::boolean
    FROM ok
    WHERE ($4::int = 0 AND $5::int = 0) OR EXISTS (SELECT 1 FROM held)
    RETURNING *
  ),
  -- A job that costs nothing (relax) is on the ledger too, as a zero entry under its hold key.
  free_entry AS (
    INSERT INTO credit_ledger (user_id, currency, delta, reason, idempotency_key, balance_after)
    SELECT $1::uuid, 'credits', 0, $7::text, $8::text, ok.credits
    FROM ok, job
    WHERE $4::int = 0 AND $5::int = 0
    RETURNING id
  ),
  ${QUEUE_ENTRY_OF_NEW_JOB}
  delivered AS (
    INSERT INTO discord_deliveries (job_id, kind, application_id, interaction_token, interaction_at,
      channel_id, discord_user_id, reach, locale)
    SELECT job.id, d.kind, d."applicationId", d."interactionToken", d."interactionAt", d."channelId",
      d."discordUserId", coalesce(d.reach, 'member'), coalesce(d.locale, 'en')
    FROM job, jsonb_to_record($21::jsonb) AS d (kind text, "applicationId" text, "interactionToken" text,
      "interactionAt" timestamptz, "channelId" text, "discordUserId" text, reach text, locale text)
    WHERE $21::jsonb IS NOT NULL
    RETURNING job_id
  ),
  ${FAMILY_WIDE.ctes}
  SELECT me.id IS NOT NULL AS known, me.credits, me.hypercredits, me.disputed, me.active,
    me.active_of_family,
    (SELECT to_jsonb(job.*) FROM job) AS job,
    (SELECT to_jsonb(held.*) FROM held) AS held,
    (SELECT to_jsonb(twin.*) FROM twin) AS twin,
    -- Read only for a new job; the statement's snapshot holds neither the job itself nor its count.
    (SELECT ${FAMILY_WIDE.value} FROM job) AS family,
    (SELECT ${queuedAheadOfNewSql('$2', 'job.priority')} FROM job) AS ahead,
    -- A job without its queue entry must not stand (no queue of that name): as pg-boss guards its
    -- own batch inserts, the division fails the statement, and with it every write above.
    CASE WHEN EXISTS (SELECT 1 FROM job) THEN 1 / (SELECT count(*)::int FROM queued) END AS queued,
    ${QUEUE_WAKES} AS wake,
    (SELECT count(*) FROM delivered) + (SELECT count(*) FROM entries) + (SELECT count(*) FROM free_entry) AS written,
    me.relax_today
  FROM (SELECT 1) AS one LEFT JOIN me ON true`;

/** What a submission checks under the user's row lock: the balances, an open dispute, the jobs in flight. */
export interface SubmitStanding {
  credits: number;
  hypercredits: number;
  disputed: boolean;
  /** The user's queued and running jobs, of every family and of the job's own. */
  active: number;
  activeOfFamily: number;
  /** Relax jobs today (only read for a relax job). */
  relaxToday: number;
}

/** A Discord interaction the job's result is posted through (`discord_deliveries`). */
export type SubmissionDelivery = Pick<
  NewDiscordDelivery,
  'kind' | 'applicationId' | 'interactionToken' | 'interactionAt' | 'channelId' | 'discordUserId'
> &
  Partial<Pick<NewDiscordDelivery, 'reach' | 'locale'>>;

export interface Submission {
  userId: string;
  family: string;
  /** Queued and running jobs the user may have at most, this one not counted. */
  activeLimit: number;
  cost: { credits: number; hypercredits: number };
  /**
   * The job's dispatch rank in its person's first round of the family, and in the last: a round
   * (one more of their jobs of the family queued or running) ranks one lower, down to the last.
   */
  ranks: { first: number; last: number };
  /** The lane it runs in; a relax job's cap a day, when its plan has one. */
  lane: Lane;
  relaxDailyCap: number | null;
  /** In relax because the balance could not pay for it in the person's lane. */
  autoRelaxed?: boolean;
  /** The ledger rows' reason, and their idempotency keys by currency. */
  reason: string;
  holdKeys: { credits: string; hypercredits: string };
  job: {
    id: string;
    command: string;
    options: Record<string, unknown>;
    plan: string;
    public: boolean;
    source: string;
    requestId: string;
    parentJobId?: string | null;
    queueJobId: string;
  };
  /** The queue entry's queue and the person's class there (its running limit). */
  queue: { name: string; tier: string };
  delivery?: SubmissionDelivery;
  /** How the new job's standing reads its family's pace. */
  standing: StandingWindow;
}

export type SubmissionOutcome =
  /** With its standing in the queue, and the balances the hold left when it held anything. */
  | {
      kind: 'created';
      job: JobRow;
      standing: FamilyStanding;
      balances?: { credits: number; hypercredits: number };
      /** The job's `queued` event and the queue's wake-up: to send once the submission has committed. */
      notices: Notice[];
    }
  /** A job of the same source and request id exists: nothing was written. */
  | { kind: 'twin'; job: JobRow }
  /** A check failed under the lock (a payment hold, the active limit, the balance): nothing was written. */
  | { kind: 'refused'; standing: SubmitStanding }
  | { kind: 'unknown-user' };

interface SubmitRow {
  known: boolean;
  credits: number | null;
  hypercredits: number | null;
  disputed: boolean | null;
  active: number | null;
  active_of_family: number | null;
  job: Record<string, unknown> | string | null;
  held: Record<string, unknown> | string | null;
  twin: Record<string, unknown> | string | null;
  family: FamilyStandingJson | string | null;
  ahead: number | null;
  wake: boolean | null;
  relax_today: number | null;
}

function valuesOf(submission: Submission): unknown[] {
  const { job, cost } = submission;
  return [
    submission.userId,
    submission.family,
    submission.activeLimit,
    cost.credits,
    cost.hypercredits,
    submission.ranks.first,
    submission.reason,
    submission.holdKeys.credits,
    submission.holdKeys.hypercredits,
    job.id,
    job.command,
    JSON.stringify(job.options),
    job.plan,
    job.public,
    job.source,
    job.requestId,
    job.parentJobId ?? null,
    job.queueJobId,
    submission.queue.name,
    submission.queue.tier,
    submission.delivery
      ? JSON.stringify({
          ...submission.delivery,
          interactionAt: submission.delivery.interactionAt.toISOString(),
        })
      : null,
    submission.ranks.last,
    submission.standing.arrivalWindowJobs,
    submission.standing.sample ?? DURATION_SAMPLE,
    submission.standing.arrivalSample ?? ARRIVAL_SAMPLE,
    submission.lane,
    submission.lane === 'relax' ? submission.relaxDailyCap : null,
    submission.autoRelaxed ?? false,
  ];
}

const json = (value: Record<string, unknown> | string | null) =>
  value === null ? null : typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>) : value;

/** Submits a job in one statement (`SUBMIT`), on the database or inside the caller's transaction. */
export async function submitInOneStatement(db: DbOrTx, submission: Submission): Promise<SubmissionOutcome> {
  const [row] = await runStatement<SubmitRow>(db, 'submit-job', SUBMIT, valuesOf(submission));
  if (!row?.known) return { kind: 'unknown-user' };
  const job = json(row.job);
  const held = json(row.held);
  if (job) {
    const created = jobFromJson(job);
    const event: JobEvent = {
      jobId: created.id,
      userId: created.userId,
      status: created.status,
      progress: created.progress,
    };
    const notices = [{ channel: JOB_EVENTS_CHANNEL, payload: JSON.stringify(event) }];
    if (row.wake) notices.push({ channel: QUEUE_NOTIFY_CHANNEL, payload: submission.queue.name });
    return {
      kind: 'created',
      job: created,
      notices,
      standing: familyStandingOf(row.family!, { [created.id]: Number(row.ahead ?? 0) }),
      ...(held
        ? { balances: { credits: Number(held.credits), hypercredits: Number(held.hypercredits) } }
        : {}),
    };
  }
  const twin = json(row.twin);
  if (twin) return { kind: 'twin', job: jobFromJson(twin) };
  return {
    kind: 'refused',
    standing: {
      credits: Number(row.credits),
      hypercredits: Number(row.hypercredits),
      disputed: Boolean(row.disputed),
      active: Number(row.active),
      activeOfFamily: Number(row.active_of_family),
      relaxToday: Number(row.relax_today ?? 0),
    },
  };
}
