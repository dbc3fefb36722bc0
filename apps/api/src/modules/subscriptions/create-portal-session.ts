import type { UserRow } from '@app/db';
import { withVersion } from '@app/domain';
import type Stripe from 'stripe';
import { assertMayActOn } from '../../lib/authorization.ts';

/**
 * A Stripe billing portal session for the user's own customer (admins: any), coming back to
 * /subscriptionstatus. `flow` opens straight on the default-payment-method form.
 */
export async function createPortalSession({
  stripe,
  user,
  customerId,
  origin,
  flow,
}: {
  stripe: Stripe;
  user: UserRow;
  customerId: string;
  /** This site's origin; the portal's return link points here. */
  origin: string;
  flow?: 'payment_method_update';
}): Promise<{ url: string }> {
  assertMayActOn(user, { customerId: customerId }, 'That payment record belongs to another account');
  const session = await stripe.billingPortal.sessions.create({
    customer: customerId,
    return_url: `${origin}${withVersion('/subscriptionstatus')}`,
    ...(flow ? { flow_data: { type: flow } } : {}),
  });
  return { url: session.url };
}
