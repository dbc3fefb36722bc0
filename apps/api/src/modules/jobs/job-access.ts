import { type DbOrTx, type JobRow, type UserRow, getJob } from '@app/db';
import { mayActOn } from '../../lib/authorization.ts';
import { AppError, notFound } from '../../lib/errors.ts';

/**
 * Whether the viewer receives others' mature creations at all: a recorded 18 or older who did not
 * choose to hide them. Signed-out visitors, 13 to 17 and unknown ages never do.
 */
export function maySeeMature(viewer: UserRow | null): boolean {
  return viewer?.ageBand === '18+' && viewer.matureDisplay !== 'hide';
}

/**
 * Creations are public by default: anyone sees a finished public one (a mature one only adults
 * who did not hide them); the rest only its owner and admins; a hidden one only admins.
 */
export function canSee(job: JobRow, viewer: UserRow | null): boolean {
  // A creation a moderator hid is gone for everyone but admins, its creator included.
  if (job.hiddenAt) return viewer?.role === 'admin';
  if (viewer && mayActOn(viewer, { userId: job.userId })) return true;
  if (job.contentLevel === 'mature' && !maySeeMature(viewer)) return false;
  return job.public && job.status === 'succeeded';
}

/** Whether the viewer sees this (others') mature creation blurred until clicked: their choice, the default. */
export function blursFor(job: Pick<JobRow, 'contentLevel' | 'userId'>, viewer: UserRow | null): boolean {
  return job.contentLevel === 'mature' && viewer?.id !== job.userId && viewer?.matureDisplay === 'blur';
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
