import type Stripe from 'stripe';
import type { Ctx } from '../ctx.ts';
import { authError, invalidRequest, missingParam, unexpectedState } from '../errors.ts';
import { bool, mergeMetadata, obj, oneOf, reqInt, reqStr, str } from '../params.ts';
import { confirmIntent } from '../payments.ts';
import { createdFilter, expandOf, list, render } from '../render.ts';
import type { ApiRequest, ApiRoute } from '../router.ts';
import { secretFor } from '../store.ts';
import { fieldSetter, type Kept, type Params, type Previous } from '../types.ts';

export interface IntentInput {
  amount: number;
  currency: string;
  customer?: string | null;
  paymentMethod?: string | null;
  description?: string | null;
  metadata?: Stripe.Metadata;
  receiptEmail?: string | null;
  setupFutureUsage?: string | null;
  automaticPaymentMethods?: Kept<'payment_intent'>['automatic_payment_methods'];
}

export function createIntent(ctx: Ctx, input: IntentInput): Kept<'payment_intent'> {
  if (input.amount < 50) {
    throw invalidRequest('Amount must be at least $0.50 usd', 'amount_too_small', 'amount');
  }
  if (input.customer) ctx.get(input.customer, 'customer', 'customer');
  if (input.paymentMethod) ctx.get(input.paymentMethod, 'payment_method', 'payment_method');
  const pi = ctx.create('payment_intent', 'pi', {
    amount: input.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    automatic_payment_methods: input.automaticPaymentMethods ?? null,
    capture_method: 'automatic',
    confirmation_method: 'automatic',
    currency: input.currency.toLowerCase(),
    customer: input.customer ?? null,
    description: input.description ?? null,
    metadata: input.metadata ?? {},
    payment_method: input.paymentMethod ?? null,
    payment_method_options: {
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_method_types: ['card'],
    receipt_email: input.receiptEmail ?? null,
    setup_future_usage: input.setupFutureUsage ?? null,
    status: input.paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
  });
  pi.client_secret = secretFor(pi.id);
  ctx.put(pi);
  ctx.emit('payment_intent.created', pi);
  return pi;
}

/** With the publishable key, an intent is reachable only together with its client secret. */
function intentFor(ctx: Ctx, req: ApiRequest): Kept<'payment_intent'> {
  const pi = ctx.get(req.params.id as string, 'payment_intent');
  if (req.auth === 'publishable' && str(req.body, 'client_secret') !== pi.client_secret) {
    throw req.body.client_secret === undefined
      ? authError('This API call cannot be made with a publishable API key. Please use a secret API key.')
      : invalidRequest(
          'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
          'payment_intent_invalid_parameter',
          'client_secret',
        );
  }
  return pi;
}

const FUTURE_USAGE = ['off_session', 'on_session'] as const;

/** Cards only: `allow_redirects` is kept as given; no card payment here redirects anywhere else. */
function automaticPaymentMethods(p: Params): Kept<'payment_intent'>['automatic_payment_methods'] {
  const apm = obj(p, 'automatic_payment_methods');
  if (!apm) return null;
  const enabled = bool(apm, 'enabled', 'automatic_payment_methods[enabled]');
  if (enabled === undefined) throw missingParam('automatic_payment_methods[enabled]');
  const redirects = oneOf(
    apm,
    'allow_redirects',
    ['always', 'never'] as const,
    'automatic_payment_methods[allow_redirects]',
  );
  return { enabled, ...(enabled ? { allow_redirects: redirects ?? 'always' } : {}) };
}

function confirmFrom(ctx: Ctx, pi: Kept<'payment_intent'>, p: Params): void {
  const usage = oneOf(p, 'setup_future_usage', FUTURE_USAGE);
  if (usage !== undefined) pi.setup_future_usage = usage;
  const pm = str(p, 'payment_method');
  if (pm) ctx.get(pm, 'payment_method', 'payment_method');
  confirmIntent(ctx, pi, {
    paymentMethod: pm,
    returnUrl: str(p, 'return_url'),
    offSession: bool(p, 'off_session'),
  });
}

export const paymentIntentRoutes: ApiRoute[] = [
  {
    method: 'POST',
    path: '/v1/payment_intents',
    handler: (ctx, { body }) => {
      const pi = createIntent(ctx, {
        amount: reqInt(body, 'amount'),
        currency: reqStr(body, 'currency'),
        customer: str(body, 'customer'),
        paymentMethod: str(body, 'payment_method'),
        description: str(body, 'description'),
        metadata: mergeMetadata({}, body),
        receiptEmail: str(body, 'receipt_email'),
        setupFutureUsage: oneOf(body, 'setup_future_usage', FUTURE_USAGE),
        automaticPaymentMethods: automaticPaymentMethods(body),
      });
      if (bool(body, 'confirm')) confirmFrom(ctx, pi, body);
      return render(ctx, pi, expandOf(body));
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_intents',
    handler: (ctx, { body }) => {
      const customer = str(body, 'customer');
      const created = createdFilter(body);
      const items = ctx
        .all('payment_intent')
        .filter((pi) => (!customer || pi.customer === customer) && created(pi));
      return list(ctx, items, body, '/v1/payment_intents');
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_intents/:id',
    browser: true,
    handler: (ctx, req) => render(ctx, intentFor(ctx, req), expandOf(req.body)),
  },
  {
    method: 'POST',
    path: '/v1/payment_intents/:id',
    handler: (ctx, { params, body }) => {
      const pi = ctx.get(params.id as string, 'payment_intent');
      if (['succeeded', 'canceled', 'processing'].includes(pi.status)) {
        throw unexpectedState(
          `You cannot update this PaymentIntent because it has a status of ${pi.status}.`,
        );
      }
      const previous: Previous = {};
      const set = fieldSetter(pi, previous);
      const amount = body.amount === undefined ? undefined : reqInt(body, 'amount');
      if (amount !== undefined && amount < 50)
        throw invalidRequest('Amount must be at least $0.50 usd', 'amount_too_small', 'amount');
      set('amount', amount);
      set('currency', str(body, 'currency')?.toLowerCase());
      set('description', str(body, 'description'));
      set('receipt_email', str(body, 'receipt_email'));
      set('setup_future_usage', oneOf(body, 'setup_future_usage', FUTURE_USAGE));
      const customer = str(body, 'customer');
      if (customer) ctx.get(customer, 'customer', 'customer');
      set('customer', customer);
      if (body.metadata !== undefined) set('metadata', mergeMetadata(pi.metadata, body));
      const pm = str(body, 'payment_method');
      if (pm) {
        ctx.get(pm, 'payment_method', 'payment_method');
        set('payment_method', pm);
        set('status', 'requires_confirmation');
      }
      return render(ctx, pi, expandOf(body));
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_intents/:id/confirm',
    browser: true,
    handler: (ctx, req) => {
      const pi = intentFor(ctx, req);
      confirmFrom(ctx, pi, req.body);
      return render(ctx, pi, req.auth === 'secret' ? expandOf(req.body) : []);
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_intents/:id/cancel',
    handler: (ctx, { params, body }) => {
      const pi = ctx.get(params.id as string, 'payment_intent');
      if (['succeeded', 'canceled'].includes(pi.status)) {
        throw unexpectedState(
          `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        );
      }
      Object.assign(pi, {
        status: 'canceled',
        canceled_at: ctx.now(),
        cancellation_reason: str(body, 'cancellation_reason') ?? null,
        next_action: null,
      });
      ctx.emit('payment_intent.canceled', pi);
      return render(ctx, pi, expandOf(body));
    },
  },
];
