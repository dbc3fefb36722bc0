import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { type LoraRow, loras, loves } from '../schema/index.ts';

export async function findLoraByName(db: DbOrTx, userId: string, name: string): Promise<LoraRow | null> {
  const [row] = await db
    .select()
    .from(loras)
    .where(and(eq(loras.userId, userId), eq(loras.name, name)));
  return row ?? null;
}

export async function listLoras(db: DbOrTx, userId: string): Promise<LoraRow[]> {
  return db.select().from(loras).where(eq(loras.userId, userId)).orderBy(asc(loras.name));
}

export async function getLora(db: DbOrTx, id: string): Promise<LoraRow | null> {
  const [row] = await db.select().from(loras).where(eq(loras.id, id));
  return row ?? null;
}

/**
 * Starts training a LoRA under this name. A name whose earlier training failed is reused; a
 * name in training or ready is taken (null).
 */
export async function insertTrainingLora(
  tx: DbOrTx,
  values: { userId: string; name: string; jobId: string },
): Promise<LoraRow | null> {
  const [row] = await tx
    .insert(loras)
    .values({ ...values, status: 'training' })
    .onConflictDoUpdate({
      target: [loras.userId, loras.name],
      set: { status: 'training', jobId: values.jobId, reference: null, updatedAt: new Date() },
      setWhere: sql`${loras.status} = 'failed'`,
    })
    .returning();
  return row ?? null;
}

export async function finishLoraTraining(
  db: DbOrTx,
  jobId: string,
  result: { status: 'ready'; reference: string } | { status: 'failed' },
) {
  await db
    .update(loras)
    .set({
      status: result.status,
      reference: result.status === 'ready' ? result.reference : null,
      updatedAt: new Date(),
    })
    .where(and(eq(loras.jobId, jobId), eq(loras.status, 'training')));
}

export async function deleteLora(db: DbOrTx, id: string): Promise<void> {
  await db.delete(loras).where(eq(loras.id, id));
}

/** Loves the job, or takes the love back; answers whether the user loves it now. */
export async function toggleLove(db: DbOrTx, jobId: string, userId: string): Promise<boolean> {
  const removed = await db
    .delete(loves)
    .where(and(eq(loves.jobId, jobId), eq(loves.userId, userId)))
    .returning({ jobId: loves.jobId });
  if (removed.length) return false;
  await db.insert(loves).values({ jobId, userId }).onConflictDoNothing();
  return true;
}

export async function loveCounts(db: DbOrTx, jobIds: string[]): Promise<Map<string, number>> {
  if (!jobIds.length) return new Map();
  const rows = await db
    .select({ jobId: loves.jobId, count: sql<number>`count(*)::int` })
    .from(loves)
    .where(inArray(loves.jobId, jobIds))
    .groupBy(loves.jobId);
  return new Map(rows.map((row) => [row.jobId, row.count]));
}

export async function lovedBy(db: DbOrTx, jobIds: string[], userId: string): Promise<Set<string>> {
  if (!jobIds.length) return new Set();
  const rows = await db
    .select({ jobId: loves.jobId })
    .from(loves)
    .where(and(inArray(loves.jobId, jobIds), eq(loves.userId, userId)));
  return new Set(rows.map((row) => row.jobId));
}
