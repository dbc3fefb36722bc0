import type { Ctx } from '../ctx.ts';
import { behaviorOf } from '../cards.ts';
import { StripeError, invalidRequest } from '../errors.ts';
import { mergeMetadata, obj, str } from '../params.ts';
import { createdFilter, expandOf, list, render } from '../render.ts';
import type { ApiRoute } from '../router.ts';
import { fieldSetter, isDeleted, markDeleted, type Kept, type Params, type Previous } from '../types.ts';

function address(p: Params, name: string): Kept<'customer'>['address'] {
  if (p[name] === '') return null;
  const a = obj(p, name);
  if (!a) return undefined;
  const field = (f: string) => str(a, f, `${name}[${f}]`) ?? null;
  return {
    city: field('city'),
    country: field('country'),
    line1: field('line1'),
    line2: field('line2'),
    postal_code: field('postal_code'),
    state: field('state'),
  };
}

function applyFields(ctx: Ctx, customer: Kept<'customer'>, p: Params): Previous {
  const previous: Previous = {};
  const set = fieldSetter(customer, previous);
  for (const key of ['email', 'name', 'phone', 'description'] as const) {
    const v = str(p, key);
    set(key, v === '' ? null : v);
  }
  set('address', address(p, 'address'));
  if (p.metadata !== undefined) set('metadata', mergeMetadata(customer.metadata, p));
  const settings = obj(p, 'invoice_settings');
  const pm = settings
    ? str(settings, 'default_payment_method', 'invoice_settings[default_payment_method]')
    : undefined;
  if (pm !== undefined) {
    if (pm) assertAttached(ctx, pm, customer.id, 'invoice_settings[default_payment_method]');
    set('invoice_settings', { ...customer.invoice_settings, default_payment_method: pm || null });
  }
  return previous;
}

export function createCustomer(ctx: Ctx, p: Params): Kept<'customer'> {
  const customer = ctx.create('customer', 'cus', {
    balance: 0,
    delinquent: false,
    invoice_prefix: Math.random().toString(16).slice(2, 10).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    next_invoice_sequence: 1,
    preferred_locales: [],
    tax_exempt: 'none',
    address: null,
    shipping: null,
  });
  const pmId = str(p, 'payment_method');
  const pm = pmId ? ctx.get(pmId, 'payment_method', 'payment_method') : undefined;
  if (pm) assertCardAccepted(ctx, pm);
  applyFields(ctx, customer, p);
  ctx.put(customer);
  if (pm) attachCard(ctx, pm, customer);
  ctx.emit('customer.created', customer);
  return customer;
}

/** A customer's default payment method must be one attached to them, as Stripe insists. */
export function assertAttached(ctx: Ctx, paymentMethodId: string, customerId: string, param: string): void {
  if (ctx.get(paymentMethodId, 'payment_method', param).customer !== customerId) {
    throw invalidRequest(
      `The customer does not have a payment method with the ID ${paymentMethodId}. The payment method must be attached to the customer.`,
      'resource_missing',
      param,
    );
  }
}

/** Stripe checks a card with the issuer when it is attached; the decline test cards fail that check. */
function assertCardAccepted(ctx: Ctx, pm: Kept<'payment_method'>): void {
  const behavior = behaviorOf(ctx.state.hidden.cardNumbers[pm.id] ?? '');
  if (behavior.kind !== 'decline') return;
  throw new StripeError(402, 'card_error', behavior.message, {
    code: behavior.code,
    decline_code: behavior.declineCode,
    param: behavior.param,
  });
}

/** Attaches a card to a customer, as `payment_methods.attach` does. */
export function attachCard(ctx: Ctx, pm: Kept<'payment_method'>, customer: Kept<'customer'>): void {
  if (pm.customer === customer.id) return;
  if (pm.customer) {
    throw invalidRequest(
      'The payment method you provided has already been attached to a customer.',
      'payment_method_unexpected_state',
      'payment_method',
    );
  }
  assertCardAccepted(ctx, pm);
  pm.customer = customer.id;
  ctx.emit('payment_method.attached', pm);
}

export function setDefaultCard(ctx: Ctx, customer: Kept<'customer'>, pmId: string): void {
  const previous = { invoice_settings: structuredClone(customer.invoice_settings) };
  customer.invoice_settings = { ...customer.invoice_settings, default_payment_method: pmId };
  ctx.emit('customer.updated', customer, previous);
}

export const customerRoutes: ApiRoute[] = [
  {
    method: 'POST',
    path: '/v1/customers',
    handler: (ctx, { body }) => render(ctx, createCustomer(ctx, body), expandOf(body)),
  },
  {
    method: 'GET',
    path: '/v1/customers',
    handler: (ctx, { body }) => {
      const email = str(body, 'email');
      const created = createdFilter(body);
      const items = ctx
        .all('customer')
        .filter((c) => (email === undefined || c.email === email) && created(c));
      return list(ctx, items, body, '/v1/customers');
    },
  },
  {
    method: 'GET',
    path: '/v1/customers/:id',
    handler: (ctx, { params, body }) => {
      const c = ctx.find(params.id as string, 'customer');
      if (c && isDeleted(c)) return { id: c.id, object: 'customer', deleted: true };
      return render(ctx, ctx.get(params.id as string, 'customer'), expandOf(body));
    },
  },
  {
    method: 'POST',
    path: '/v1/customers/:id',
    handler: (ctx, { params, body }) => {
      const customer = ctx.get(params.id as string, 'customer');
      const previous = applyFields(ctx, customer, body);
      if (Object.keys(previous).length > 0) ctx.emit('customer.updated', customer, previous);
      return render(ctx, customer, expandOf(body));
    },
  },
  {
    method: 'DELETE',
    path: '/v1/customers/:id',
    handler: (ctx, { params }) => {
      const customer = ctx.get(params.id as string, 'customer');
      // The event carries the customer as it was (Stripe's type has no `deleted` on it).
      ctx.emit('customer.deleted', customer);
      markDeleted(customer);
      return { id: customer.id, object: 'customer', deleted: true };
    },
  },
];
