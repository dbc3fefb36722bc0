import type { Ctx } from '../ctx.ts';
import { invalidRequest } from '../errors.ts';
import { int, mergeMetadata, oneOf, str } from '../params.ts';
import { createdFilter, expandOf, list, render } from '../render.ts';
import type { ApiRoute } from '../router.ts';
import type { Kept, Params } from '../types.ts';

const REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The charge a refund request names: directly, or as its payment intent's succeeded charge. */
function chargeToRefund(ctx: Ctx, body: Params): Kept<'charge'> {
  const chargeId = str(body, 'charge');
  const intentId = str(body, 'payment_intent');
  if (chargeId && intentId) {
    throw invalidRequest('You can only pass one of charge or payment_intent.', 'parameter_invalid_string');
  }
  if (chargeId) return ctx.ref(chargeId, 'charge', 'charge');
  if (!intentId) {
    throw invalidRequest(
      'One of the following params should be provided for this request: payment_intent or charge.',
      'parameter_missing',
    );
  }
  const intent = ctx.ref(intentId, 'payment_intent', 'payment_intent');
  const charge = intent.latest_charge ? ctx.find(intent.latest_charge as string, 'charge') : undefined;
  if (intent.status !== 'succeeded' || !charge) {
    throw invalidRequest(
      `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
      'charge_not_refundable',
      'payment_intent',
    );
  }
  return charge;
}

/**
 * Refunds all or part of a succeeded charge, by the charge or its payment intent. Card refunds
 * succeed at once here: `refund.created` and `charge.refunded` (the charge with its new
 * `amount_refunded`, `refunded` once nothing is left).
 */
export function createRefund(ctx: Ctx, body: Params): Kept<'refund'> {
  const charge = chargeToRefund(ctx, body);
  const remaining = charge.amount - charge.amount_refunded;
  if (charge.status !== 'succeeded') {
    throw invalidRequest(
      `Charge ${charge.id} has not succeeded; it cannot be refunded.`,
      'charge_not_refundable',
    );
  }
  if (charge.disputed) {
    throw invalidRequest(
      `Charge ${charge.id} has been charged back; cannot issue a refund.`,
      'charge_disputed',
    );
  }
  if (remaining <= 0) {
    throw invalidRequest(`Charge ${charge.id} has already been refunded.`, 'charge_already_refunded');
  }
  const amount = int(body, 'amount') ?? remaining;
  if (amount < 1) {
    throw invalidRequest('Invalid positive integer', 'parameter_invalid_integer', 'amount');
  }
  if (amount > remaining) {
    throw invalidRequest(
      `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(remaining)})`,
      'amount_too_large',
      'amount',
    );
  }
  const refund = ctx.create('refund', 're', {
    amount,
    charge: charge.id,
    currency: charge.currency,
    customer: charge.customer ?? null,
    metadata: mergeMetadata({}, body),
    payment_intent: charge.payment_intent ?? null,
    payment_method: charge.payment_method ?? null,
    reason: oneOf(body, 'reason', REASONS) ?? null,
    status: 'succeeded',
  });
  delete refund.destination_details;
  ctx.put(refund);
  const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
  charge.amount_refunded = charge.amount_refunded + amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  const refunds = charge.refunds;
  if (refunds) refunds.data.unshift(structuredClone(refund));
  ctx.emit('refund.created', refund);
  ctx.emit('charge.refunded', charge, previous);
  return refund;
}

export const refundRoutes: ApiRoute[] = [
  {
    method: 'POST',
    path: '/v1/refunds',
    handler: (ctx, { body }) =>
      render(
        ctx,
        ctx.atomically(() => createRefund(ctx, body)),
        expandOf(body),
      ),
  },
  {
    method: 'GET',
    path: '/v1/refunds',
    handler: (ctx, { body }) => {
      const charge = str(body, 'charge');
      const intent = str(body, 'payment_intent');
      const created = createdFilter(body);
      const items = ctx
        .all('refund')
        .filter(
          (r) => (!charge || r.charge === charge) && (!intent || r.payment_intent === intent) && created(r),
        );
      return list(ctx, items, body, '/v1/refunds');
    },
  },
  {
    method: 'GET',
    path: '/v1/refunds/:id',
    handler: (ctx, { params, body }) => render(ctx, ctx.get(params.id as string, 'refund'), expandOf(body)),
  },
  {
    method: 'POST',
    path: '/v1/refunds/:id',
    handler: (ctx, { params, body }) => {
      const refund = ctx.get(params.id as string, 'refund');
      const previous = { metadata: refund.metadata };
      refund.metadata = mergeMetadata(refund.metadata, body);
      ctx.emit('refund.updated', refund, previous);
      return render(ctx, refund, expandOf(body));
    },
  },
];
