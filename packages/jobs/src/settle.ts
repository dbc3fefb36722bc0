import { type DbOrTx, type JobRow, endJob, finishLoraTraining, grant, publishJobEvent } from '@app/db';
import type { JobQueue } from './queue.ts';

export interface JobError {
  code: string;
  message: string;
}

/**
 * Ends a job that has not ended (failed, or cancelled by its owner) and gives the hold back, in the
 * caller's transaction. The conditional status change and the ledger key `refund:<jobId>` each make
 * a second call a no-op, whichever process makes it.
 */
export async function endJobWithRefund(
  tx: DbOrTx,
  jobId: string,
  status: 'failed' | 'cancelled',
  error: JobError | null,
): Promise<JobRow | null> {
  const ended = await endJob(tx, jobId, status, error);
  if (!ended) return null;
  await refundHold(tx, ended);
  if (ended.family === 'lora') await finishLoraTraining(tx, ended.id, { status: 'failed' });
  await publishJobEvent(tx, {
    jobId: ended.id,
    userId: ended.userId,
    status: ended.status,
    progress: ended.progress,
  });
  return ended;
}

/**
 * Ends a queued or running job from outside its worker (its owner's cancel, a moderator's ban, an
 * outage that outlasted its wait), refunds it once and removes its queue entry, in the caller's
 * transaction. The entry is locked before the job's row, in the dispatch claim's order: a claim
 * under way finishes first (the worker then finds the job ended), and a claim that comes later
 * skips the locked entry. Taken the other way round, a cancel and a claim of the same job could
 * deadlock, and the claim's slot was lost with it.
 */
export async function endQueuedJob(
  tx: DbOrTx,
  queue: JobQueue,
  job: Pick<JobRow, 'id' | 'family' | 'queueJobId'>,
  status: 'failed' | 'cancelled',
  error: JobError,
): Promise<JobRow | null> {
  if (job.queueJobId) await queue.lockEntry(tx, job.family, job.queueJobId);
  const ended = await endJobWithRefund(tx, job.id, status, error);
  if (ended?.queueJobId) await queue.cancel(tx, ended.family, ended.queueJobId);
  return ended;
}

export async function refundHold(tx: DbOrTx, job: JobRow): Promise<void> {
  const parts = [
    ['credits', job.costCredits],
    ['hypercredits', job.costHypercredits],
  ] as const;
  const charged = parts.filter(([, amount]) => amount > 0);
  for (const [index, [currency, amount]] of charged.entries()) {
    await grant(tx, {
      userId: job.userId,
      currency,
      amount,
      reason: `refund ${job.command}`,
      idempotencyKey: holdKey(`refund:${job.id}`, index),
    });
  }
}

/** A job is paid in one currency; the rare second part of a price gets its own key beside the first. */
export function holdKey(base: string, index: number): string {
  return index === 0 ? base : `${base}:${index}`;
}
