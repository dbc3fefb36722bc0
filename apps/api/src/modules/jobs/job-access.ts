import { type DbOrTx, type JobRow, type UserRow, getJob } from '@app/db';
import { mayActOn } from '../../lib/authorization.ts';
import { AppError, notFound } from '../../lib/errors.ts';

/**
 * Creations are public by default: anyone sees a finished public one; the rest only its owner and
 * admins; a hidden one only admins.
 */
export function canSee(job: JobRow, viewer: UserRow | null): boolean {
  // A creation a moderator hid is gone for everyone but admins, its creator included.
  if (job.hiddenAt) return viewer?.role === 'admin';
  if (viewer && mayActOn(viewer, { userId: job.userId })) return true;
  return job.public && job.status === 'succeeded';
}

export function isOwnerOrAdmin(job: JobRow, viewer: UserRow, options: { ownerOnly?: boolean } = {}): boolean {
  return mayActOn(viewer, { userId: job.userId }, options);
}

/** The job when the viewer may see it; 404 otherwise, so private jobs do not show they exist. */
export async function loadVisibleJob(db: DbOrTx, id: string, viewer: UserRow | null): Promise<JobRow> {
  const job = await getJob(db, id);
  if (!job || !canSee(job, viewer)) throw notFound('Job');
  return job;
}

/** The job when the viewer owns it (or is an admin); 404 when they cannot see it, 403 when they only can see it. */
export async function loadOwnJob(
  db: DbOrTx,
  id: string,
  viewer: UserRow,
  options: { ownerOnly?: boolean } = {},
): Promise<JobRow> {
  const job = await loadVisibleJob(db, id, viewer);
  if (!isOwnerOrAdmin(job, viewer, options)) {
    throw new AppError('FORBIDDEN', { status: 403, message: 'Only the creator can do that' });
  }
  return job;
}
