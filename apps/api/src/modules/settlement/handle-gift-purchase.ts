import { recordPayment } from '@app/db';
import { PAYMENT_KINDS, kindEntry, paymentKindIn } from '@app/domain';
import type Stripe from 'stripe';
import { customerIdOf } from '../customers/access.ts';
import { findUserByCustomer } from '../customers/ensure-customer.ts';
import { issueGiftCode } from '../gifts/issue-gift-code.ts';
import type { SettlementContext } from './settlement-context.ts';

/**
 * A paid gift checkout (`payment_type` Gift, metadata.tierType = the gifted tier) issues its gift
 * code (gift_codes keyed by the session id as source_id, so once) and is recorded as a payment
 * granting what the code gives; nothing is granted to the buyer.
 */
export async function handleGiftPurchase(ctx: SettlementContext, session: Stripe.Checkout.Session) {
  const kinds = ctx.kinds ?? PAYMENT_KINDS;
  const found = kindEntry(kinds, paymentKindIn(kinds, session.metadata?.payment_type) ?? '');
  const tier = found?.entry.find(session.metadata?.tierType ?? '');
  const intentId =
    typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  if (found && tier && intentId) {
    const intent = await ctx.stripe.paymentIntents.retrieve(intentId);
    const purchaser = await findUserByCustomer(ctx.db, customerIdOf(session.customer));
    await recordPayment(ctx.db, {
      id: intentId,
      userId: purchaser?.id ?? null,
      kind: found.name,
      product: found.entry.key(tier),
      amountCents: session.amount_total ?? intent.amount_received,
      currency: session.currency ?? intent.currency,
      chargeId:
        typeof intent.latest_charge === 'string' ? intent.latest_charge : (intent.latest_charge?.id ?? null),
      creditsGranted: tier.credits,
      hypercreditsGranted: tier.hypercredits,
      paidAt: new Date(intent.created * 1000),
    });
  }
  const code = await issueGiftCode({ db: ctx.db, session });
  ctx.log?.info(
    { session: session.id, tier: session.metadata?.tierType, issued: Boolean(code) },
    'gift purchase paid',
  );
}
