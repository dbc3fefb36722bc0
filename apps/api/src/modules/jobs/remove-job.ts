import { type Db, type UserRow, deleteJob, mediaForJobs } from '@app/db';
import type { MediaStorage } from '@app/generation';
import { type JobQueue, endJobWithRefund } from '@app/jobs';
import { loadOwnJob } from './job-access.ts';

/**
 * DELETE on a job: one still queued or running is cancelled and refunded (once, however often
 * this is called); a finished one is deleted with its files.
 */
export async function removeJob({
  db,
  queue,
  storage,
  viewer,
  id,
}: {
  db: Db;
  queue: () => Promise<JobQueue>;
  storage: MediaStorage;
  viewer: UserRow;
  id: string;
}): Promise<{ cancelled: boolean }> {
  const job = await loadOwnJob(db, id, viewer);
  if (job.status === 'queued' || job.status === 'running') {
    const jobQueue = await queue();
    const ended = await db.transaction(async (tx) => {
      const row = await endJobWithRefund(tx, job.id, 'cancelled', {
        code: 'CANCELLED',
        message: 'Cancelled; the credits were refunded.',
      });
      if (row?.queueJobId) await jobQueue.cancel(tx, row.family, row.queueJobId);
      return row;
    });
    if (ended) return { cancelled: true };
  }
  const media = await mediaForJobs(db, [job.id]);
  await deleteJob(db, job.id);
  await Promise.all(
    media
      .flatMap((row) => [row.storageKey, row.thumbKey])
      .map((key) => (key ? storage.delete(key) : undefined)),
  );
  return { cancelled: false };
}
