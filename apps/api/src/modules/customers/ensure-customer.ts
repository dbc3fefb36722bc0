import { type Db, type UserRow, claimCustomerId, findUserByCustomerId } from '@app/db';
import { isEmailMissing } from '@app/domain';
import type Stripe from 'stripe';

/**
 * The user's Stripe customer id, creating the customer on first use. Two concurrent first calls
 * agree on one customer: the Stripe call is idempotent per user and only one id is ever stored.
 */
export async function ensureCustomer({
  db,
  stripe,
  user,
}: {
  db: Db;
  stripe: Stripe;
  user: UserRow;
}): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customer = await stripe.customers.create(
    {
      name: user.discordName,
      email: isEmailMissing(user.email) ? undefined : (user.email ?? undefined),
      metadata: { userId: user.id, ...(user.discordId ? { discordId: user.discordId } : {}) },
    },
    { idempotencyKey: `customer-create:${user.id}` },
  );
  return claimCustomerId(db, user.id, customer.id);
}

/** The user whose Stripe customer this is, if any. */
export async function findUserByCustomer(db: Db, customerId: string | null): Promise<UserRow | undefined> {
  if (!customerId) return undefined;
  return findUserByCustomerId(db, customerId);
}
