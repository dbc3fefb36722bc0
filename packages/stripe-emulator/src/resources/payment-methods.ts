import { brandOf, validateCard } from '../cards.ts';
import type { Ctx } from '../ctx.ts';
import { invalidRequest } from '../errors.ts';
import { int, mergeMetadata, obj, reqStr, str } from '../params.ts';
import { expandOf, list, render } from '../render.ts';
import type { ApiRoute } from '../router.ts';
import type { Kept, Params } from '../types.ts';
import { attachCard } from './customers.ts';

function billingDetails(p: Params): Kept<'payment_method'>['billing_details'] {
  const b = obj(p, 'billing_details') ?? {};
  const a = obj(b, 'address', 'billing_details[address]') ?? {};
  const field = (o: Params, k: string) => str(o, k) || null;
  return {
    address: {
      city: field(a, 'city'),
      country: field(a, 'country'),
      line1: field(a, 'line1'),
      line2: field(a, 'line2'),
      postal_code: field(a, 'postal_code'),
      state: field(a, 'state'),
    },
    email: field(b, 'email'),
    name: field(b, 'name'),
    phone: field(b, 'phone'),
    tax_id: null,
  };
}

export function createCardPaymentMethod(ctx: Ctx, p: Params): Kept<'payment_method'> {
  const type = str(p, 'type') ?? 'card';
  if (type !== 'card') {
    throw invalidRequest(
      `The payment method type "${type}" is not supported by this emulator.`,
      'parameter_invalid_string',
      'type',
    );
  }
  const card = obj(p, 'card');
  if (!card) throw invalidRequest('Missing required param: card.', 'parameter_missing', 'card');
  const number = reqStr(card, 'number', 'card[number]').replace(/[\s-]/g, '');
  const expMonth = int(card, 'exp_month', 'card[exp_month]');
  const expYear = int(card, 'exp_year', 'card[exp_year]');
  if (expMonth === undefined)
    throw invalidRequest('Missing required param: card[exp_month].', 'parameter_missing', 'card[exp_month]');
  if (expYear === undefined)
    throw invalidRequest('Missing required param: card[exp_year].', 'parameter_missing', 'card[exp_year]');
  const cvc = str(card, 'cvc', 'card[cvc]');
  validateCard({ number, expMonth, expYear, cvc }, ctx.now());
  const brand = brandOf(number);
  const pm = ctx.create('payment_method', 'pm', {
    allow_redisplay: 'unspecified',
    billing_details: billingDetails(p),
    card: {
      brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: cvc ? 'pass' : null },
      country: 'US',
      display_brand: brand,
      exp_month: expMonth,
      exp_year: expYear < 100 ? 2000 + expYear : expYear,
      fingerprint: Buffer.from(number).toString('base64url').slice(-16),
      funding: 'credit',
      generated_from: null,
      last4: number.slice(-4),
      networks: { available: [brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    customer: null,
    metadata: mergeMetadata({}, p),
    type: 'card',
  });
  ctx.state.hidden.cardNumbers[pm.id] = number;
  return ctx.put(pm);
}

/** Stripe's test payment method ids: each use stands for a new card payment method of that number. */
const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_discover: '6011111111111117',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedLostCard: '4000000000009987',
  pm_card_chargeDeclinedStolenCard: '4000000000009979',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_chargeDeclinedProcessingError: '4000000000000119',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_authenticationRequiredSetupForOffSession: '4000002500003155',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_threeDSecure2Required: '4000000000003220',
};

/**
 * Replaces Stripe's test payment method ids (`pm_card_visa`, …) in a request's parameters and path
 * with new card payment methods, as Stripe does: `payment_method=pm_card_visa` attaches or charges
 * a fresh `pm_…` of the Visa test number.
 */
export function materializeTestPaymentMethods(ctx: Ctx, body: Params, params: Record<string, string>): void {
  const fresh = (id: string) => {
    const number = TEST_PAYMENT_METHODS[id];
    if (!number) return id;
    const year = new Date(ctx.now() * 1000).getUTCFullYear() + 5;
    return createCardPaymentMethod(ctx, { card: { number, exp_month: '12', exp_year: String(year) } }).id;
  };
  const walk = (node: Params) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string' && /(^|_)payment_method$/.test(key)) node[key] = fresh(value);
      else if (value && typeof value === 'object') walk(value as Params);
    }
  };
  walk(body);
  if (params.id) params.id = fresh(params.id);
}

export function detachCard(ctx: Ctx, pm: Kept<'payment_method'>): void {
  if (!pm.customer) {
    throw invalidRequest(
      'The payment method is not attached to a customer.',
      'payment_method_unexpected_state',
    );
  }
  const customer = ctx.find(pm.customer as string, 'customer');
  pm.customer = null;
  if (customer && customer.invoice_settings?.default_payment_method === pm.id) {
    const previous = { invoice_settings: structuredClone(customer.invoice_settings) };
    customer.invoice_settings.default_payment_method = null;
    ctx.emit('customer.updated', customer, previous);
  }
  ctx.emit('payment_method.detached', pm, { customer: customer?.id ?? null });
}

export const paymentMethodRoutes: ApiRoute[] = [
  {
    method: 'POST',
    path: '/v1/payment_methods',
    browser: true,
    handler: (ctx, { body }) => render(ctx, createCardPaymentMethod(ctx, body), expandOf(body)),
  },
  {
    method: 'GET',
    path: '/v1/payment_methods',
    handler: (ctx, { body }) => {
      const customer = str(body, 'customer');
      const type = str(body, 'type');
      const items = ctx
        .all('payment_method')
        .filter((pm) => (!customer || pm.customer === customer) && (!type || pm.type === type));
      return list(ctx, items, body, '/v1/payment_methods');
    },
  },
  {
    method: 'GET',
    path: '/v1/customers/:customer/payment_methods',
    handler: (ctx, { params, body }) => {
      const customer = ctx.get(params.customer as string, 'customer', 'customer');
      const items = ctx.all('payment_method').filter((pm) => pm.customer === customer.id);
      return list(ctx, items, body, `/v1/customers/${customer.id}/payment_methods`);
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_methods/:id',
    handler: (ctx, { params, body }) =>
      render(ctx, ctx.get(params.id as string, 'payment_method'), expandOf(body)),
  },
  {
    method: 'POST',
    path: '/v1/payment_methods/:id',
    handler: (ctx, { params, body }) => {
      const pm = ctx.get(params.id as string, 'payment_method');
      const previous = { metadata: structuredClone(pm.metadata) };
      pm.metadata = mergeMetadata(pm.metadata, body);
      if (body.billing_details !== undefined) pm.billing_details = billingDetails(body);
      ctx.emit('payment_method.updated', pm, previous);
      return render(ctx, pm, expandOf(body));
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_methods/:id/attach',
    handler: (ctx, { params, body }) => {
      const pm = ctx.get(params.id as string, 'payment_method');
      attachCard(ctx, pm, ctx.get(reqStr(body, 'customer'), 'customer', 'customer'));
      return render(ctx, pm, expandOf(body));
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_methods/:id/detach',
    handler: (ctx, { params, body }) => {
      const pm = ctx.get(params.id as string, 'payment_method');
      detachCard(ctx, pm);
      return render(ctx, pm, expandOf(body));
    },
  },
];
