import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { webhookEvents } from '../schema/audit.ts';

/**
 * What claiming an event id found: `claimed` for the one delivery that may run the handler now,
 * `done` when it was already handled, `busy` while another delivery's handler holds it.
 */
export type WebhookClaim = 'claimed' | 'done' | 'busy';

/**
 * Claims an event id in one statement. A new id is stored as `processing`; a stored one is taken
 * over when its handler failed, or when it has been `processing` for longer than `leaseSeconds`
 * (the process running it died). Concurrent copies find it taken; `done` is final.
 */
export async function claimWebhookEvent(
  db: DbOrTx,
  event: { id: string; type: string },
  leaseSeconds: number,
): Promise<WebhookClaim> {
  const rows = await db
    .insert(webhookEvents)
    .values({ ...event, status: 'processing', claimedAt: sql`now()` })
    .onConflictDoUpdate({
      target: webhookEvents.id,
      set: { status: 'processing', claimedAt: sql`now()` },
      setWhere: sql`${webhookEvents.status} = 'failed' or (${webhookEvents.status} = 'processing' and ${webhookEvents.claimedAt} < now() - make_interval(secs => ${leaseSeconds}))`,
    })
    .returning({ id: webhookEvents.id });
  if (rows.length > 0) return 'claimed';
  const [row] = await db
    .select({ status: webhookEvents.status })
    .from(webhookEvents)
    .where(eq(webhookEvents.id, event.id));
  return row?.status === 'done' ? 'done' : 'busy';
}

/** The event's handler finished: later deliveries are duplicates. */
export async function finishWebhookEvent(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(webhookEvents)
    .set({ status: 'done' })
    .where(and(eq(webhookEvents.id, id), eq(webhookEvents.status, 'processing')));
}

/** The event's handler failed: the provider's retry takes the claim over and runs it again. */
export async function releaseWebhookEvent(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(webhookEvents)
    .set({ status: 'failed' })
    .where(and(eq(webhookEvents.id, id), eq(webhookEvents.status, 'processing')));
}
