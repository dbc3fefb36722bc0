import { type Db, type UserRow, findMediaByKey, findUploadByKey, getJob } from '@app/db';
import type { MediaStorage } from '@app/generation';
import { mayActOn } from '../../lib/authorization.ts';
import { notFound } from '../../lib/errors.ts';
import { canSee } from './job-access.ts';

const KEY = /^(jobs\/[0-9a-f-]{36}\/\d+-[\w-]+(\.thumb)?\.\w+|uploads\/[\w-]+\.\w+)$/;

/**
 * A stored object, when the viewer may see what it belongs to: a job's media follows the job's
 * visibility; an upload only its owner (and admins) may read. Anything else is 404.
 */
export async function readMedia({
  db,
  storage,
  viewer,
  key,
}: {
  db: Db;
  storage: MediaStorage;
  viewer: UserRow | null;
  key: string;
}): Promise<{ bytes: Buffer; mime: string; shared: boolean }> {
  if (!KEY.test(key)) throw notFound('File');
  let shared = false;
  if (key.startsWith('jobs/')) {
    const row = await findMediaByKey(db, key);
    const job = row ? await getJob(db, row.jobId) : null;
    if (!row || !job || !canSee(job, viewer)) throw notFound('File');
    shared = job.public && job.status === 'succeeded' && !job.hiddenAt && job.contentLevel === 'general';
  } else {
    const upload = await findUploadByKey(db, key);
    if (!upload || !viewer || !mayActOn(viewer, { userId: upload.userId })) throw notFound('File');
  }
  const stored = await storage.get(key);
  if (!stored) throw notFound('File');
  const mime = key.endsWith('.thumb.webp') ? 'image/webp' : stored.mime;
  return { ...stored, mime, shared };
}
