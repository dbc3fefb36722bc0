import type Stripe from 'stripe';
import type { WebhookContext } from './handle-webhook-event.ts';

/**
 * A paid gift checkout (metadata.gift = 'true', metadata.tierType = the gifted tier). Issuing the
 * gift code (gift_codes keyed by the session id as source_id) belongs to the gift-code feature;
 * until it exists the payment is acknowledged and logged, and nothing is granted to the buyer.
 */
export async function handleGiftPurchase(ctx: WebhookContext, session: Stripe.Checkout.Session) {
  ctx.log?.info({ session: session.id, tier: session.metadata?.tierType }, 'gift purchase paid');
}
