import { behaviorOf } from './cards.ts';
import { DISPUTED_CARD, openDispute } from './disputes.ts';
import type { Ctx } from './ctx.ts';
import { StripeError, invalidRequest, unexpectedState } from './errors.ts';
import { render } from './render.ts';
import { afterCheckoutPayment } from './resources/checkout.ts';
import { afterInvoicePaymentFailed, afterInvoicePaymentSucceeded } from './billing/invoice-settlement.ts';
import type { Kept } from './types.ts';

const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

function charge(
  ctx: Ctx,
  pi: Kept<'payment_intent'>,
  pm: Kept<'payment_method'>,
  failure?: { code: string; declineCode: string; message: string },
): Kept<'charge'> {
  const card = pm.card!;
  const ch = ctx.create('charge', 'ch', {
    amount: pi.amount,
    amount_captured: failure ? 0 : pi.amount,
    amount_refunded: 0,
    billing_details: structuredClone(pm.billing_details),
    calculated_statement_descriptor: 'EMULATOR',
    captured: !failure,
    currency: pi.currency,
    customer: pi.customer,
    description: pi.description,
    disputed: false,
    failure_code: failure?.code ?? null,
    failure_message: failure?.message ?? null,
    fraud_details: {},
    metadata: structuredClone(pi.metadata),
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: failure ? 'declined_by_network' : 'approved_by_network',
      reason: failure?.declineCode ?? null,
      risk_level: 'normal',
      risk_score: 20,
      seller_message: failure
        ? 'The bank did not return any further details with this decline.'
        : 'Payment complete.',
      type: failure ? 'issuer_declined' : 'authorized',
    },
    paid: !failure,
    payment_intent: pi.id,
    payment_method: pm.id,
    payment_method_details: {
      card: {
        amount_authorized: failure ? null : pi.amount,
        authorization_code: null,
        brand: card.brand,
        checks: card.checks,
        country: card.country,
        electronic_commerce_indicator: null,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        fingerprint: card.fingerprint,
        funding: card.funding,
        installments: null,
        last4: card.last4,
        mandate: null,
        network: card.brand,
        network_transaction_id: null,
        regulated_status: 'unregulated',
        three_d_secure: null,
        transaction_link_id: null,
        wallet: null,
      },
      type: 'card',
    },
    receipt_email: pi.receipt_email,
    receipt_number: failure ? null : String(1000 + Object.keys(ctx.state.objects).length),
    refunded: false,
    status: failure ? 'failed' : 'succeeded',
  });
  ch.receipt_url = failure ? null : ctx.url(`/_emulator/receipts/${ch.id}`);
  ch.refunds = { object: 'list', data: [], has_more: false, url: `/v1/charges/${ch.id}/refunds` };
  return ctx.put(ch);
}

/** Settles the intent as paid with its payment method (also used when authentication completes). */
export function succeedIntent(ctx: Ctx, pi: Kept<'payment_intent'>): void {
  const pm = ctx.get(pi.payment_method as string, 'payment_method', 'payment_method');
  const ch = charge(ctx, pi, pm);
  if (pi.setup_future_usage) ctx.state.hidden.setUpCards[pm.id] = true;
  Object.assign(pi, {
    status: 'succeeded',
    amount_received: pi.amount,
    latest_charge: ch.id,
    next_action: null,
    last_payment_error: null,
  });
  ctx.emit('charge.succeeded', ch);
  ctx.emit('payment_intent.succeeded', pi);
  afterInvoicePaymentSucceeded(ctx, pi);
  afterCheckoutPayment(ctx, pi);
  // Stripe's dispute test card pays, then its holder disputes the charge.
  if (ctx.state.hidden.cardNumbers[pm.id] === DISPUTED_CARD) openDispute(ctx, ch);
}

/** Marks the intent failed; returns the card error Stripe answers with. */
export function failIntent(
  ctx: Ctx,
  pi: Kept<'payment_intent'>,
  error: NonNullable<Kept<'payment_intent'>['last_payment_error']>,
  ch: Kept<'charge'> | null,
): StripeError {
  Object.assign(pi, {
    status: 'requires_payment_method',
    next_action: null,
    payment_method: null,
    last_payment_error: error,
    latest_charge: ch?.id ?? pi.latest_charge,
  });
  if (ch) ctx.emit('charge.failed', ch);
  ctx.emit('payment_intent.payment_failed', pi);
  afterInvoicePaymentFailed(ctx, pi);
  return new StripeError(error.type === 'card_error' ? 402 : 400, error.type, error.message as string, {
    code: error.code as string,
    decline_code: error.decline_code,
    param: error.param,
    charge: ch?.id,
    payment_intent: render(ctx, pi, []),
    payment_method: error.payment_method,
  });
}

export interface ConfirmOptions {
  paymentMethod?: string;
  returnUrl?: string;
  offSession?: boolean;
}

/** Confirms like Stripe: charges, asks for 3-D Secure, or throws the card error of a decline. */
export function confirmIntent(ctx: Ctx, pi: Kept<'payment_intent'>, opts: ConfirmOptions = {}): void {
  if (!CONFIRMABLE.includes(pi.status)) {
    throw unexpectedState(
      `You cannot confirm this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_payment_method, requires_confirmation, requires_action.`,
    );
  }
  if (opts.paymentMethod) pi.payment_method = opts.paymentMethod;
  if (!pi.payment_method) {
    throw invalidRequest(
      "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with a customer's payment method, provide the `payment_method` parameter.",
      'payment_intent_unexpected_state',
      'payment_method',
    );
  }
  const pm = ctx.get(pi.payment_method as string, 'payment_method', 'payment_method');
  if (pi.customer && pm.customer && pm.customer !== pi.customer) {
    throw invalidRequest(
      `The provided PaymentMethod belongs to a different customer than ${pi.customer as string}.`,
      'payment_method_unexpected_state',
      'payment_method',
    );
  }
  const behavior = behaviorOf(ctx.state.hidden.cardNumbers[pm.id] ?? '');
  if (behavior.kind === 'succeed') return succeedIntent(ctx, pi);
  if (behavior.kind === 'decline' || behavior.kind === 'charge_decline') {
    const ch = charge(ctx, pi, pm, behavior);
    throw failIntent(
      ctx,
      pi,
      {
        type: 'card_error',
        code: behavior.code,
        decline_code: behavior.declineCode,
        message: behavior.message,
        ...(behavior.param ? { param: behavior.param } : {}),
        charge: ch.id,
        payment_method: structuredClone(pm),
        doc_url: `https://stripe.com/docs/error-codes/${behavior.code.replace(/_/g, '-')}`,
      },
      ch,
    );
  }
  // A card set up by an earlier authenticated payment is charged off-session without a challenge.
  if (opts.offSession && behavior.setup && ctx.state.hidden.setUpCards[pm.id]) {
    return succeedIntent(ctx, pi);
  }
  if (opts.offSession) {
    throw failIntent(
      ctx,
      pi,
      {
        type: 'card_error',
        code: 'authentication_required',
        decline_code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
        payment_method: structuredClone(pm),
      },
      null,
    );
  }
  const returnUrl = opts.returnUrl ?? null;
  const query = new URLSearchParams({ client_secret: pi.client_secret as string });
  if (returnUrl) query.set('return_url', returnUrl);
  Object.assign(pi, {
    status: 'requires_action',
    next_action: {
      type: 'redirect_to_url',
      redirect_to_url: { return_url: returnUrl, url: ctx.url(`/_emulator/authenticate/${pi.id}?${query}`) },
    },
  });
  ctx.emit('payment_intent.requires_action', pi);
}

/** The outcome of the authentication page: completed → charged; failed → needs a new card. */
export function finishAuthentication(ctx: Ctx, pi: Kept<'payment_intent'>, completed: boolean): void {
  if (pi.status !== 'requires_action') return;
  if (completed) return succeedIntent(ctx, pi);
  const pm = ctx.find(pi.payment_method as string, 'payment_method');
  failIntent(
    ctx,
    pi,
    {
      type: 'invalid_request_error',
      code: 'payment_intent_authentication_failure',
      message:
        'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
      ...(pm ? { payment_method: structuredClone(pm) } : {}),
    },
    null,
  );
}

/** Points an intent's pending authentication back at `returnUrl` (e.g. a checkout success page). */
export function setReturnUrl(ctx: Ctx, pi: Kept<'payment_intent'>, returnUrl: string): void {
  if (pi.status !== 'requires_action') return;
  const query = new URLSearchParams({ client_secret: pi.client_secret as string, return_url: returnUrl });
  pi.next_action = {
    type: 'redirect_to_url',
    redirect_to_url: { return_url: returnUrl, url: ctx.url(`/_emulator/authenticate/${pi.id}?${query}`) },
  };
}
