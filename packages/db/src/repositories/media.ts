import { and, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { type MediaRow, type UploadRow, media, uploads } from '../schema/index.ts';

export type NewMedia = Omit<typeof media.$inferInsert, 'jobId' | 'id' | 'createdAt'>;

/** Replaces a job's media with these rows: a re-run job ends with one set, never two. */
export async function replaceJobMedia(tx: DbOrTx, jobId: string, rows: NewMedia[]): Promise<MediaRow[]> {
  await tx.delete(media).where(eq(media.jobId, jobId));
  if (!rows.length) return [];
  return tx
    .insert(media)
    .values(rows.map((row) => ({ ...row, jobId })))
    .returning();
}

export async function mediaForJobs(db: DbOrTx, jobIds: string[]): Promise<MediaRow[]> {
  if (!jobIds.length) return [];
  return db.select().from(media).where(inArray(media.jobId, jobIds)).orderBy(media.jobId, media.index);
}

/** The media row a stored object belongs to (as the file or its thumbnail). */
export async function findMediaByKey(db: DbOrTx, key: string): Promise<MediaRow | null> {
  const [row] = await db
    .select()
    .from(media)
    .where(or(eq(media.storageKey, key), eq(media.thumbKey, key)));
  return row ?? null;
}

export async function insertUpload(db: DbOrTx, values: typeof uploads.$inferInsert): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(values).returning();
  return row!;
}

/** The uploads among `ids` that belong to the user. */
export async function findOwnUploads(db: DbOrTx, userId: string, ids: string[]): Promise<UploadRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(uploads)
    .where(and(eq(uploads.userId, userId), inArray(uploads.id, ids)));
}

export async function findUploads(db: DbOrTx, ids: string[]): Promise<UploadRow[]> {
  if (!ids.length) return [];
  return db.select().from(uploads).where(inArray(uploads.id, ids));
}

export async function findUploadByKey(db: DbOrTx, key: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.storageKey, key));
  return row ?? null;
}
