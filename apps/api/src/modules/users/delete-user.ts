import { type Db, anonymiseUser, deleteSessionsOfUser, deleteSubscriptionsOf } from '@app/db';
import type Stripe from 'stripe';
import { badRequest } from '../../lib/errors.ts';
import { writeAuditLog } from '../audit/write-audit-log.ts';
import { getUser } from './get-user.ts';

/** Subscriptions that would still charge or run for a deleted user. */
const ENDING_STATUSES = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused']);

/**
 * Deletes a user's account: their subscriptions are cancelled at Stripe first (nothing more is
 * charged), then the row is anonymised and their sessions end. The ledger is append-only, so its
 * rows stay; codes they redeemed stay redeemed.
 */
export async function deleteUser({
  db,
  stripe,
  actorId,
  userId,
}: {
  db: Db;
  stripe: Stripe | undefined;
  actorId: string;
  userId: string;
}) {
  const user = await getUser({ db, userId });
  if (user.id === actorId) throw badRequest('You cannot delete your own account here', 'OWN_ACCOUNT');
  if (user.stripeCustomerId) {
    if (!stripe) throw new Error('Payments are unavailable: the subscriptions cannot be cancelled');
    for await (const subscription of stripe.subscriptions.list({
      customer: user.stripeCustomerId,
      status: 'all',
      limit: 100,
    })) {
      if (ENDING_STATUSES.has(subscription.status)) await stripe.subscriptions.cancel(subscription.id);
    }
  }
  await db.transaction(async (tx) => {
    await anonymiseUser(tx, user.id);
    await deleteSessionsOfUser(tx, user.id);
    await deleteSubscriptionsOf(tx, user.id);
    await writeAuditLog({
      db: tx,
      actorId,
      action: 'user.delete',
      targetId: user.id,
      details: { discordName: user.discordName, discordId: user.discordId, email: user.email },
    });
  });
}
