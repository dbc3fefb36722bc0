import type Stripe from 'stripe';
import { issueGiftCode } from '../gifts/issue-gift-code.ts';
import type { SettlementContext } from './settlement-context.ts';

/**
 * A paid gift checkout (metadata.gift = 'true', metadata.tierType = the gifted tier) issues its gift
 * code (gift_codes keyed by the session id as source_id, so once); nothing is granted to the buyer.
 */
export async function handleGiftPurchase(ctx: SettlementContext, session: Stripe.Checkout.Session) {
  const code = await issueGiftCode({ db: ctx.db, session });
  ctx.log?.info(
    { session: session.id, tier: session.metadata?.tierType, issued: Boolean(code) },
    'gift purchase paid',
  );
}
