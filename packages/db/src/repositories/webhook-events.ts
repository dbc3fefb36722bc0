import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { webhookEvents } from '../schema/audit.ts';

/**
 * Claims an event id in one statement: true for the one delivery that stored it, false for every
 * concurrent or later copy, so only one of them runs the handler.
 */
export async function claimWebhookEvent(db: DbOrTx, event: { id: string; type: string }): Promise<boolean> {
  const rows = await db
    .insert(webhookEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  return rows.length > 0;
}

/** Gives a claimed event id back (its handler failed), so the provider's retry is handled. */
export async function releaseWebhookEvent(db: DbOrTx, id: string): Promise<void> {
  await db.delete(webhookEvents).where(eq(webhookEvents.id, id));
}
