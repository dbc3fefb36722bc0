import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { webhookEvents } from '../schema/audit.ts';

export async function isWebhookEventRecorded(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, id));
  return row !== undefined;
}

/** Remembers a handled event so a duplicate delivery is ignored; recording twice is harmless. */
export async function recordWebhookEvent(db: DbOrTx, event: { id: string; type: string }): Promise<void> {
  await db.insert(webhookEvents).values(event).onConflictDoNothing();
}
