import { type Db, type JobRow, type UserRow, getJob } from '@app/db';
import { type JobQueue, endQueuedJob } from '@app/jobs';
import { AppError } from '../../lib/errors.ts';
import { loadOwnJob } from './job-access.ts';

/**
 * Cancels a queued or running job and refunds it. Any number of calls, at once or later, end it
 * once and refund it once (the conditional status change and the ledger key `refund:<jobId>`),
 * and each answers the cancelled job; none deletes anything.
 */
export async function cancelJob({
  db,
  queue,
  viewer,
  id,
}: {
  db: Db;
  queue: () => Promise<JobQueue>;
  viewer: UserRow;
  id: string;
}): Promise<JobRow> {
  const job = await loadOwnJob(db, id, viewer);
  if (job.status === 'queued' || job.status === 'running') {
    const jobQueue = await queue();
    await db.transaction((tx) =>
      endQueuedJob(tx, jobQueue, job, 'cancelled', {
        code: 'CANCELLED',
        message: 'Cancelled; the credits were refunded.',
      }),
    );
  }
  const now = (await getJob(db, job.id))!;
  if (now.status !== 'cancelled') {
    throw new AppError('JOB_FINISHED', {
      status: 409,
      message: `This job already ${now.status === 'succeeded' ? 'finished' : 'failed'}; there is nothing to cancel.`,
    });
  }
  return now;
}
