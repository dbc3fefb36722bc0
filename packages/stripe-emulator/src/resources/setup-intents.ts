import { behaviorOf } from '../cards.ts';
import type { Ctx } from '../ctx.ts';
import { StripeError, authError, invalidRequest } from '../errors.ts';
import { bool, mergeMetadata, obj, oneOf, str, strList } from '../params.ts';
import { createdFilter, expandOf, list, render } from '../render.ts';
import type { ApiRequest, ApiRoute } from '../router.ts';
import { secretFor } from '../store.ts';
import type { Kept, Params } from '../types.ts';
import { attachCard } from './customers.ts';

const CONFIRMABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

/** With the publishable key, a setup intent is reachable only together with its client secret. */
function setupIntentFor(ctx: Ctx, req: ApiRequest): Kept<'setup_intent'> {
  const si = ctx.get(req.params.id as string, 'setup_intent');
  if (req.auth === 'publishable' && str(req.body, 'client_secret') !== si.client_secret) {
    throw authError('This API call cannot be made with a publishable API key. Please use a secret API key.');
  }
  return si;
}

/**
 * Sets a card up for later payments (https://docs.stripe.com/api/setup_intents/confirm): a card the
 * issuer refuses is a 402 `card_error` and the intent wants a new payment method; a 3-D Secure card
 * waits in `requires_action`; any other is attached to the intent's customer and counts as set up,
 * so off-session charges of it go through without a new challenge.
 */
export function confirmSetup(
  ctx: Ctx,
  si: Kept<'setup_intent'>,
  paymentMethod?: string,
  returnUrl?: string,
): void {
  if (!CONFIRMABLE.includes(si.status)) {
    throw invalidRequest(
      `You cannot confirm this SetupIntent because it has a status of ${si.status}.`,
      'setup_intent_unexpected_state',
    );
  }
  if (paymentMethod) si.payment_method = paymentMethod;
  if (!si.payment_method) {
    throw invalidRequest(
      "You cannot confirm this SetupIntent because it's missing a payment method.",
      'setup_intent_unexpected_state',
      'payment_method',
    );
  }
  const pm = ctx.get(si.payment_method as string, 'payment_method', 'payment_method');
  const behavior = behaviorOf(ctx.state.hidden.cardNumbers[pm.id] ?? '');
  if (behavior.kind === 'decline') {
    const error = {
      type: 'card_error',
      code: behavior.code,
      decline_code: behavior.declineCode,
      message: behavior.message,
      ...(behavior.param ? { param: behavior.param } : {}),
      payment_method: render(ctx, pm, []),
      doc_url: `https://stripe.com/docs/error-codes/${behavior.code.replace(/_/g, '-')}`,
    };
    Object.assign(si, { status: 'requires_payment_method', payment_method: null, last_setup_error: error });
    ctx.emit('setup_intent.setup_failed', si);
    throw new StripeError(402, 'card_error', behavior.message, {
      code: behavior.code,
      decline_code: behavior.declineCode,
      param: behavior.param,
      setup_intent: render(ctx, si, []),
    });
  }
  if (behavior.kind === 'authenticate') {
    // The issuer's challenge, on the same test bank page a payment's 3-D Secure uses.
    const query = new URLSearchParams({ client_secret: si.client_secret as string });
    if (returnUrl) query.set('return_url', returnUrl);
    Object.assign(si, {
      status: 'requires_action',
      next_action: {
        type: 'redirect_to_url',
        redirect_to_url: {
          return_url: returnUrl ?? null,
          url: ctx.url(`/_emulator/authenticate/${si.id}?${query}`),
        },
      },
    });
    ctx.emit('setup_intent.requires_action', si);
    return;
  }
  succeedSetup(ctx, si, pm);
}

function succeedSetup(ctx: Ctx, si: Kept<'setup_intent'>, pm: Kept<'payment_method'>): void {
  if (si.customer) attachCard(ctx, pm, ctx.get(si.customer as string, 'customer', 'customer'));
  ctx.state.hidden.setUpCards[pm.id] = true;
  Object.assign(si, { status: 'succeeded', next_action: null, last_setup_error: null });
  ctx.emit('setup_intent.succeeded', si);
}

/**
 * The outcome of the bank's page for a setup: completed → the card is set up (a card that asks for
 * authentication on every payment, like 4000 0027 6000 3184, still asks off-session); failed → the
 * intent wants another payment method.
 */
export function finishSetupAuthentication(ctx: Ctx, si: Kept<'setup_intent'>, completed: boolean): void {
  if (si.status !== 'requires_action') return;
  const pm = ctx.get(si.payment_method as string, 'payment_method', 'payment_method');
  if (completed) return succeedSetup(ctx, si, pm);
  Object.assign(si, {
    status: 'requires_payment_method',
    next_action: null,
    payment_method: null,
    last_setup_error: {
      type: 'invalid_request_error',
      code: 'setup_intent_authentication_failure',
      message: 'The latest attempt to set up the payment method has failed because authentication failed.',
      payment_method: render(ctx, pm, []),
    },
  });
  ctx.emit('setup_intent.setup_failed', si);
}

function createSetupIntent(ctx: Ctx, p: Params): Kept<'setup_intent'> {
  const customer = str(p, 'customer');
  if (customer) ctx.ref(customer, 'customer', 'customer');
  const pm = str(p, 'payment_method');
  if (pm) ctx.ref(pm, 'payment_method', 'payment_method');
  const allowed = strList(p, 'allowed_payment_method_types');
  const other = allowed.find((t) => t !== 'card');
  if (other)
    throw invalidRequest(
      `The payment method type "${other}" is not supported by this emulator.`,
      'parameter_invalid_string',
      'allowed_payment_method_types',
    );
  const automatic = obj(p, 'automatic_payment_methods');
  const si = ctx.create('setup_intent', 'seti', {
    allowed_payment_method_types: allowed.length ? allowed : null,
    automatic_payment_methods: automatic
      ? { allow_redirects: 'always', enabled: bool(automatic, 'enabled') ?? false }
      : null,
    customer: customer ?? null,
    description: str(p, 'description') ?? null,
    metadata: mergeMetadata({}, p),
    payment_method: pm ?? null,
    payment_method_options: {
      card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_method_types: ['card'],
    status: pm ? 'requires_confirmation' : 'requires_payment_method',
    usage: oneOf(p, 'usage', ['off_session', 'on_session'] as const) ?? 'off_session',
  });
  si.client_secret = secretFor(si.id);
  ctx.put(si);
  ctx.emit('setup_intent.created', si);
  if (bool(p, 'confirm')) confirmSetup(ctx, si, undefined, str(p, 'return_url'));
  return si;
}

export const setupIntentRoutes: ApiRoute[] = [
  {
    method: 'POST',
    path: '/v1/setup_intents',
    handler: (ctx, { body }) => render(ctx, createSetupIntent(ctx, body), expandOf(body)),
  },
  {
    method: 'GET',
    path: '/v1/setup_intents',
    handler: (ctx, { body }) => {
      const customer = str(body, 'customer');
      const pm = str(body, 'payment_method');
      const created = createdFilter(body);
      const items = ctx
        .all('setup_intent')
        .filter(
          (s) => (!customer || s.customer === customer) && (!pm || s.payment_method === pm) && created(s),
        );
      return list(ctx, items, body, '/v1/setup_intents');
    },
  },
  {
    method: 'GET',
    path: '/v1/setup_intents/:id',
    browser: true,
    handler: (ctx, req) =>
      render(ctx, setupIntentFor(ctx, req), req.auth === 'secret' ? expandOf(req.body) : []),
  },
  {
    method: 'POST',
    path: '/v1/setup_intents/:id/confirm',
    browser: true,
    handler: (ctx, req) => {
      const si = setupIntentFor(ctx, req);
      confirmSetup(ctx, si, str(req.body, 'payment_method'), str(req.body, 'return_url'));
      return render(ctx, si, req.auth === 'secret' ? expandOf(req.body) : []);
    },
  },
  {
    method: 'POST',
    path: '/v1/setup_intents/:id/cancel',
    handler: (ctx, { params, body }) => {
      const si = ctx.get(params.id as string, 'setup_intent');
      if (['succeeded', 'canceled', 'processing'].includes(si.status)) {
        throw invalidRequest(
          `You cannot cancel this SetupIntent because it has a status of ${si.status}.`,
          'setup_intent_unexpected_state',
        );
      }
      Object.assign(si, {
        status: 'canceled',
        cancellation_reason:
          oneOf(body, 'cancellation_reason', ['abandoned', 'duplicate', 'requested_by_customer'] as const) ??
          null,
        next_action: null,
      });
      ctx.emit('setup_intent.canceled', si);
      return render(ctx, si, expandOf(body));
    },
  },
];
