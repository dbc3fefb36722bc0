import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { jobs, users } from '../schema/index.ts';

export interface QueueCount {
  family: string;
  status: string;
  count: number;
}

export interface QueueJob {
  id: string;
  command: string;
  family: string;
  status: string;
  discordName: string;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  errorCode: string | null;
  errorMessage: string | null;
}

const queueJobColumns = {
  id: jobs.id,
  command: jobs.command,
  family: jobs.family,
  status: jobs.status,
  discordName: users.discordName,
  createdAt: jobs.createdAt,
  startedAt: jobs.startedAt,
  finishedAt: jobs.finishedAt,
  errorCode: jobs.errorCode,
  errorMessage: jobs.errorMessage,
};

/** Jobs per family and state, for the admins' queue view. */
export async function countJobsByFamilyAndStatus(db: DbOrTx): Promise<QueueCount[]> {
  return db
    .select({ family: jobs.family, status: jobs.status, count: sql<number>`count(*)::int` })
    .from(jobs)
    .groupBy(jobs.family, jobs.status)
    .orderBy(jobs.family, jobs.status);
}

/** The jobs that have waited or run longest, oldest first: where a stuck one shows up. */
export async function oldestActiveJobs(db: DbOrTx, limit: number): Promise<QueueJob[]> {
  return db
    .select(queueJobColumns)
    .from(jobs)
    .innerJoin(users, eq(users.id, jobs.userId))
    .where(inArray(jobs.status, ['queued', 'running']))
    .orderBy(asc(jobs.createdAt))
    .limit(limit);
}

/** The latest failures with their errors, newest first. */
export async function recentFailedJobs(db: DbOrTx, limit: number): Promise<QueueJob[]> {
  return db
    .select(queueJobColumns)
    .from(jobs)
    .innerJoin(users, eq(users.id, jobs.userId))
    .where(and(eq(jobs.status, 'failed')))
    .orderBy(desc(jobs.finishedAt))
    .limit(limit);
}
