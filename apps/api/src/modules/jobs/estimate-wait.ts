import { type DbOrTx, type JobRow, familyCapacity, queuePosition, recentJobSeconds } from '@app/db';

/**
 * A queued job's place in the real dispatch order (rank, then age: fairness and plan priority
 * included) and a guess at its wait: the jobs ahead, run as many at a time as the family has
 * slots in rotation, each taking as long as the family's recent jobs took. No guess before the
 * family has finished a job.
 */
export async function estimateWait(
  db: DbOrTx,
  job: JobRow,
): Promise<{ position: number; waitSeconds?: number }> {
  const [position, capacity, mean] = await Promise.all([
    queuePosition(db, job),
    familyCapacity(db, job.family),
    recentJobSeconds(db, job.family),
  ]);
  if (mean == null) return { position };
  return { position, waitSeconds: Math.max(1, Math.round(Math.ceil((position + 1) / capacity) * mean)) };
}
