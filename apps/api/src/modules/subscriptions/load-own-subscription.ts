import { type Db, type UserRow, findSubscriptionOwnerId } from '@app/db';
import type Stripe from 'stripe';
import { AppError } from '../../lib/errors.ts';
import { customerIdOf } from '../customers/access.ts';
import { assertMayActOn } from '../../lib/authorization.ts';

/** Fields the subscription calls read expanded in one round trip. */
export const SUBSCRIPTION_EXPAND = ['discounts', 'discounts.source.coupon', 'schedule'];

/** What every call on one subscription of the signed-in user's takes. */
export type OwnSubscriptionOptions = {
  db: Db;
  stripe: Stripe;
  user: UserRow;
  subscriptionId: string;
};

/**
 * Reads a subscription from Stripe after checking it belongs to the signed-in user (admins: any).
 * Our copy answers first, so another user's id is refused without asking Stripe; an id we have not
 * seen is checked by its Stripe customer.
 */
const subscriptionNotFound = () =>
  new AppError('NOT_FOUND', { status: 404, message: 'No such subscription' });

export async function loadOwnSubscription({
  db,
  stripe,
  user,
  subscriptionId,
}: OwnSubscriptionOptions): Promise<Stripe.Subscription> {
  const ownerId = await findSubscriptionOwnerId(db, subscriptionId);
  if (ownerId) assertMayActOn(user, { userId: ownerId }, 'That subscription belongs to another account');
  if (!subscriptionId.startsWith('sub_')) throw subscriptionNotFound();
  let subscription: Stripe.Subscription;
  try {
    subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: SUBSCRIPTION_EXPAND });
  } catch (error) {
    if ((error as { code?: string }).code === 'resource_missing') throw subscriptionNotFound();
    throw error;
  }
  if (!ownerId)
    assertMayActOn(
      user,
      { customerId: customerIdOf(subscription.customer) },
      'That payment record belongs to another account',
    );
  return subscription;
}
