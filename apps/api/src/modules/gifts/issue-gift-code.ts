import { type Db, findGiftCodeBySource, findUserById, insertGiftCode } from '@app/db';
import { findTier, paysFor } from '@app/domain';
import type Stripe from 'stripe';
import { customerIdOf } from '../customers/access.ts';
import { findUserByCustomer } from '../customers/ensure-customer.ts';
import { generateGiftCode } from './generate-gift-code.ts';

/**
 * The gift code a paid gift checkout bought, created on first call. One code per payment however
 * often this runs (webhook retries, the success page asking first): the checkout session id is the
 * row's unique source_id. Returns null for a session that is not a paid gift.
 */
export async function issueGiftCode({
  db,
  session,
}: {
  db: Db;
  session: Stripe.Checkout.Session;
}): Promise<string | null> {
  if (!paysFor(session.metadata, 'gift')) return null;
  if (session.status !== 'complete' || session.payment_status !== 'paid') return null;
  const tier = findTier(session.metadata?.tierType ?? '');
  if (!tier) return null;
  const existing = () => findGiftCodeBySource(db, session.id);
  const found = await existing();
  if (found) return found.code;

  const byId = session.metadata?.userId ? await findUserById(db, session.metadata.userId) : undefined;
  const purchaser = byId ?? (await findUserByCustomer(db, customerIdOf(session.customer)));
  // A clash with another code is practically impossible at 100 bits; trying again costs nothing.
  for (let attempt = 0; attempt < 3; attempt++) {
    await insertGiftCode(db, {
      code: generateGiftCode(),
      tier: tier.tier,
      purchaserId: purchaser?.id,
      sourceId: session.id,
    });
    const row = await existing();
    if (row) return row.code;
  }
  throw new Error(`Could not store a gift code for ${session.id}`);
}
