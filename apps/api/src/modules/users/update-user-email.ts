import { type Db, type UserRow, updateUser } from '@app/db';
import type Stripe from 'stripe';
import { assertMayActOn } from '../../lib/authorization.ts';
import { forbidden } from '../../lib/errors.ts';

/**
 * A user sets their own email. The ids in the call must be the signed-in user's own: the user id,
 * and the Stripe customer id when they have one. Stripe's customer gets the new address too, since
 * Stripe sends the receipts and invoices.
 */
export async function updateUserEmail({
  db,
  user,
  userId,
  stripeId,
  email,
  stripe,
}: {
  db: Db;
  /** The payment provider, when there is one. */
  stripe?: Stripe;
  user: UserRow;
  userId: string;
  stripeId: string | null | undefined;
  email: string;
}): Promise<UserRow> {
  const ownStripeId = user.stripeCustomerId ?? null;
  const refusal = 'You can only change the email of your own account';
  assertMayActOn(user, { userId }, refusal, { ownerOnly: true });
  // The customer id sent along must be the account's own: none when it has none.
  if ((stripeId || null) !== ownStripeId) throw forbidden(refusal);
  if (stripe && ownStripeId) await stripe.customers.update(ownStripeId, { email });
  const updated = await updateUser(db, user.id, { email });
  return updated!;
}
