import { and, desc, eq, getTableColumns, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { type JobRow, type JobStatus, jobs, users } from '../schema/index.ts';

export type { JobRow, JobStatus, MediaRow, UploadRow, LoraRow } from '../schema/generation.ts';

/** Job rows: every state change is conditional on the state it leaves, so racing writers cannot undo each other. */

export type NewJob = typeof jobs.$inferInsert;
export const ACTIVE_STATUSES: JobStatus[] = ['queued', 'running'];

/** Takes the user's row lock for the rest of the transaction, so one user's submissions are counted one at a time. */
export async function lockUserForJobs(tx: DbOrTx, userId: string): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return rows.length > 0;
}

/** Inserts the job, or returns null when a job with the same source and request id exists. */
export async function insertJob(tx: DbOrTx, values: NewJob): Promise<JobRow | null> {
  const [row] = await tx
    .insert(jobs)
    .values(values)
    .onConflictDoNothing({ target: [jobs.source, jobs.requestId] })
    .returning();
  return row ?? null;
}

export async function findJobByRequest(db: DbOrTx, source: string, requestId: string) {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.source, source), eq(jobs.requestId, requestId)));
  return row ?? null;
}

export async function getJob(db: DbOrTx, id: string): Promise<JobRow | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row ?? null;
}

export async function setQueueJobId(db: DbOrTx, id: string, queueJobId: string) {
  await db.update(jobs).set({ queueJobId }).where(eq(jobs.id, id));
}

/** Marks an attempt as started; null when the job already ended (cancelled while queued, or done). */
export async function startJobAttempt(db: DbOrTx, id: string, provider: string): Promise<JobRow | null> {
  const now = new Date();
  const [row] = await db
    .update(jobs)
    .set({
      status: 'running',
      provider,
      attempts: sql`${jobs.attempts} + 1`,
      startedAt: sql`coalesce(${jobs.startedAt}, ${now})`,
      updatedAt: now,
    })
    .where(and(eq(jobs.id, id), inArray(jobs.status, ACTIVE_STATUSES)))
    .returning();
  return row ?? null;
}

/**
 * A job row as `to_jsonb(jobs.*)` gives it (a statement that returns a job beside other things,
 * such as the dispatch claim), read the way the ORM reads a row.
 */
export function jobFromJson(json: Record<string, unknown>): JobRow {
  return Object.fromEntries(
    Object.entries(getTableColumns(jobs)).map(([key, column]) => {
      const value = json[column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as JobRow;
}

export async function setJobProgress(db: DbOrTx, id: string, progress: number) {
  await db
    .update(jobs)
    .set({ progress, updatedAt: new Date() })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'running')));
}

export async function setJobExternalId(db: DbOrTx, id: string, externalId: string) {
  await db.update(jobs).set({ externalId, updatedAt: new Date() }).where(eq(jobs.id, id));
}

/** A retryable failure: back in the queue, with the reason kept for the user to see. */
export async function requeueJob(db: DbOrTx, id: string, error: { code: string; message: string }) {
  await db
    .update(jobs)
    .set({ status: 'queued', errorCode: error.code, errorMessage: error.message, updatedAt: new Date() })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'running')));
}

export async function markJobSucceeded(db: DbOrTx, id: string, text: string | null): Promise<JobRow | null> {
  const now = new Date();
  const [row] = await db
    .update(jobs)
    .set({
      status: 'succeeded',
      progress: 1,
      resultText: text,
      errorCode: null,
      errorMessage: null,
      finishedAt: now,
      updatedAt: now,
    })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'running')))
    .returning();
  return row ?? null;
}

/** Ends a job that has not ended yet as failed or cancelled; null when it had already ended. */
export async function endJob(
  db: DbOrTx,
  id: string,
  status: 'failed' | 'cancelled',
  error: { code: string; message: string } | null,
): Promise<JobRow | null> {
  const now = new Date();
  const [row] = await db
    .update(jobs)
    .set({
      status,
      errorCode: error?.code ?? null,
      errorMessage: error?.message ?? null,
      finishedAt: now,
      updatedAt: now,
    })
    .where(and(eq(jobs.id, id), inArray(jobs.status, ACTIVE_STATUSES)))
    .returning();
  return row ?? null;
}

export async function setJobPublic(db: DbOrTx, id: string, isPublic: boolean): Promise<JobRow | null> {
  const [row] = await db
    .update(jobs)
    .set({ public: isPublic, updatedAt: new Date() })
    .where(eq(jobs.id, id))
    .returning();
  return row ?? null;
}

export async function deleteJob(db: DbOrTx, id: string): Promise<void> {
  await db.delete(jobs).where(eq(jobs.id, id));
}

export interface JobListQuery {
  /** Only this user's jobs (any state, public or not). */
  userId?: string;
  /** Only finished public creations (not hidden by a moderator). */
  publicOnly?: boolean;
  /** Leave out mature creations (for signed-out visitors, under-18s and adults who hide them). */
  generalOnly?: boolean;
  family?: JobRow['family'];
  /** The `createdAt|id` of the last job of the previous page. */
  cursor?: { createdAt: Date; id: string };
  limit: number;
}

/** Newest first, keyset-paged on (created_at, id). */
export async function listJobs(db: DbOrTx, query: JobListQuery): Promise<JobRow[]> {
  const conditions: (SQL | undefined)[] = [];
  if (query.userId) conditions.push(eq(jobs.userId, query.userId));
  if (query.publicOnly)
    conditions.push(eq(jobs.public, true), eq(jobs.status, 'succeeded'), isNull(jobs.hiddenAt));
  if (query.generalOnly) conditions.push(eq(jobs.contentLevel, 'general'));
  if (query.family) conditions.push(eq(jobs.family, query.family));
  if (query.cursor) {
    conditions.push(
      or(
        lt(jobs.createdAt, query.cursor.createdAt),
        and(eq(jobs.createdAt, query.cursor.createdAt), lt(jobs.id, query.cursor.id)),
      ),
    );
  }
  return db
    .select()
    .from(jobs)
    .where(and(...conditions))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(query.limit);
}

/** How many queued jobs of the family run before this one (higher priority first, then older). */
export async function queuePosition(db: DbOrTx, job: JobRow): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(
      and(
        eq(jobs.family, job.family),
        eq(jobs.status, 'queued'),
        or(
          gt(jobs.priority, job.priority),
          and(eq(jobs.priority, job.priority), lt(jobs.createdAt, job.createdAt)),
        ),
      ),
    );
  return row?.count ?? 0;
}

/** Running jobs whose user asked to stop them: the worker polls this between provider steps. */
export async function jobStatus(db: DbOrTx, id: string): Promise<JobStatus | null> {
  const [row] = await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id));
  return row?.status ?? null;
}

/** A person's queued and running jobs, oldest first (`/info`). */
export async function activeJobsOf(db: DbOrTx, userId: string, limit = 25): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.userId, userId), inArray(jobs.status, ACTIVE_STATUSES)))
    .orderBy(jobs.createdAt)
    .limit(limit);
}
