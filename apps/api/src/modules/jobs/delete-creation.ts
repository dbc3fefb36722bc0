import { type Db, type UserRow, deleteJob, mediaForJobs } from '@app/db';
import type { MediaStorage } from '@app/generation';
import { AppError } from '../../lib/errors.ts';
import { loadOwnJob } from './job-access.ts';

/**
 * Deletes a finished creation (succeeded, failed or cancelled) with its files: an explicit act of
 * its creator or an admin. A job still queued or running is cancelled first, never deleted here.
 */
export async function deleteCreation({
  db,
  storage,
  viewer,
  id,
}: {
  db: Db;
  storage: MediaStorage;
  viewer: UserRow;
  id: string;
}): Promise<void> {
  const job = await loadOwnJob(db, id, viewer);
  if (job.status === 'queued' || job.status === 'running') {
    throw new AppError('JOB_NOT_FINISHED', {
      status: 409,
      message: 'This job is still in progress; cancel it first, then delete it.',
    });
  }
  const media = await mediaForJobs(db, [job.id]);
  await deleteJob(db, job.id);
  await Promise.all(
    media
      .flatMap((row) => [row.storageKey, row.thumbKey])
      .flatMap((key) => (key ? [storage.delete(key)] : [])),
  );
}
