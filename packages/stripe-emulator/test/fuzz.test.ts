import { fuzzRoutes, stripeErrorMisfit, type FuzzRoute, type ValidCall } from '@app/emulator-fidelity/fuzz';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_PARAMS } from '../src/known-params.ts';
import { createEmulator, type MountableEmulator } from '../src/index.ts';
import { future } from './helpers.ts';

/**
 * The input fuzzer, over every route the emulator registers (read from the server as it registers
 * them, so a new route is fuzzed without being listed here): each call is valid but for one thing,
 * and no answer may be a 5xx or leave Stripe's error shape.
 */

const PREFIX = '/_stripe';
const SEED = 20261129;

/** The object a route's `:id` names, by the path before it. */
const ID_KINDS: [RegExp, string][] = [
  [/\/customers\//, 'customer'],
  [/\/payment_methods\//, 'payment_method'],
  [/\/payment_intents\/|\/authenticate\//, 'payment_intent'],
  [/\/charges\/|\/receipts\//, 'charge'],
  [/\/refunds\//, 'refund'],
  [/\/products\//, 'product'],
  [/\/prices\//, 'price'],
  [/\/coupons\//, 'coupon'],
  [/\/promotion_codes\//, 'promotion_code'],
  [/\/invoiceitems\//, 'invoice_item'],
  [/\/invoices\//, 'invoice'],
  [/\/subscription_schedules\//, 'schedule'],
  [/\/subscriptions\//, 'subscription'],
  [/\/checkout\/sessions\/|\/checkout\//, 'checkout_session'],
  [/\/setup_intents\//, 'setup_intent'],
  [/\/webhook_endpoints\//, 'webhook_endpoint'],
  [/\/events\//, 'event'],
  [/\/portal\//, 'portal_session'],
];

type Ids = Record<string, string>;

/** What the hosted pages' forms and the emulator's controls read. */
const PAGE_AND_CONTROL_FIELDS = [
  'email',
  'card_number',
  'card_expiry',
  'card_cvc',
  'seconds',
  'dispute',
  'status',
];

/** Valid values for the parameters the routes read, aimed at the records made before the walk. */
function pool(ids: Ids): Record<string, unknown> {
  return {
    customer: ids.customer,
    payment_method: ids.payment_method,
    default_payment_method: ids.payment_method,
    price: ids.price,
    product: ids.product,
    coupon: ids.coupon,
    charge: ids.charge,
    payment_intent: ids.payment_intent,
    subscription: ids.subscription,
    dispute: 'dp_fuzz',
    email: 'fuzz@example.com',
    name: 'Fuzz',
    description: 'fuzzed',
    amount: 500,
    currency: 'usd',
    unit_amount: 500,
    quantity: 1,
    limit: 3,
    type: 'card',
    card: { number: '4242424242424242', ...future },
    items: [{ price: ids.price }],
    line_items: [{ price: ids.oneOffPrice, quantity: 1 }],
    mode: 'payment',
    success_url: 'http://127.0.0.1/done',
    cancel_url: 'http://127.0.0.1/cancel',
    return_url: 'http://127.0.0.1/back',
    url: 'http://127.0.0.1/webhook',
    enabled_events: ['*'],
    percent_off: 10,
    duration: 'once',
    metadata: { key: 'value' },
    seconds: 60,
    status: 'won',
    card_number: '4242424242424242',
    card_expiry: `${future.exp_month} / ${String(future.exp_year).slice(-2)}`,
    card_cvc: future.cvc,
  };
}

describe('input fuzzer', () => {
  let emulator: MountableEmulator;
  let host: FastifyInstance;
  const routes: FuzzRoute[] = [];
  const ids: Ids = {};

  async function create(kind: string, path: string, form: Record<string, string>): Promise<string> {
    const answer = await host.inject({
      method: 'POST',
      url: `${PREFIX}${path}`,
      headers: { authorization: `Bearer ${emulator.secretKey}` },
      payload: new URLSearchParams(form).toString(),
    });
    const body = answer.json<{ id: string }>();
    if (answer.statusCode !== 200) throw new Error(`${path}: ${answer.body}`);
    return (ids[kind] = body.id);
  }

  beforeAll(async () => {
    emulator = createEmulator({ prefix: PREFIX });
    // The server as the emulator's own (startEmulator) builds it.
    host = Fastify({
      routerOptions: { ignoreTrailingSlash: true },
      frameworkErrors: (error, request, reply) => emulator.frameworkErrors(error, request, reply),
    });
    host.addHook('onRoute', (route) => void routes.push({ method: route.method, url: route.url }));
    await host.register(emulator.plugin);
    await host.ready();
    const customer = await create('customer', '/v1/customers', { email: 'fuzz@example.com' });
    const card = { type: 'card', 'card[number]': '4242424242424242', 'card[cvc]': future.cvc };
    const pm = await create('payment_method', '/v1/payment_methods', {
      ...card,
      'card[exp_month]': String(future.exp_month),
      'card[exp_year]': String(future.exp_year),
    });
    await create('attached', `/v1/payment_methods/${pm}/attach`, { customer });
    const product = await create('product', '/v1/products', { name: 'Fuzz' });
    const price = { product, currency: 'usd', unit_amount: '500' };
    await create('oneOffPrice', '/v1/prices', price);
    await create('price', '/v1/prices', { ...price, 'recurring[interval]': 'month' });
    const sub = await create('subscription', '/v1/subscriptions', {
      customer,
      'items[0][price]': ids.price!,
      default_payment_method: pm,
    });
    const paid = { customer, payment_method: pm, amount: '500', currency: 'usd', confirm: 'true' };
    await create('payment_intent', '/v1/payment_intents', paid);
    await create('refund', '/v1/refunds', { payment_intent: ids.payment_intent!, amount: '100' });
    await create('setup_intent', '/v1/setup_intents', { customer });
    await create('coupon', '/v1/coupons', { percent_off: '10', duration: 'once' });
    await create('promotion_code', '/v1/promotion_codes', {
      'promotion[type]': 'coupon',
      'promotion[coupon]': ids.coupon!,
      code: 'FUZZ',
    });
    await create('invoice_item', '/v1/invoiceitems', { customer, amount: '100', currency: 'usd' });
    await create('schedule', '/v1/subscription_schedules', { from_subscription: sub });
    await create('checkout_session', '/v1/checkout/sessions', {
      mode: 'payment',
      success_url: 'http://127.0.0.1/done',
      'line_items[0][price]': ids.oneOffPrice!,
      'line_items[0][quantity]': '1',
    });
    await create('webhook_endpoint', '/v1/webhook_endpoints', {
      url: 'http://127.0.0.1/webhook',
      'enabled_events[]': '*',
    });
    await create('portal_session', '/v1/billing_portal/sessions', { customer });
    const read = async (path: string) => {
      const headers = { authorization: `Bearer ${emulator.secretKey}` };
      return (await host.inject({ url: `${PREFIX}${path}`, headers })).json<Record<string, unknown>>();
    };
    ids.invoice = (await read(`/v1/subscriptions/${sub}`)).latest_invoice as string;
    ids.charge = (await read(`/v1/payment_intents/${ids.payment_intent}`)).latest_charge as string;
    ids.event = ((await read('/v1/events?limit=1')).data as { id: string }[])[0]!.id;
  });
  afterAll(async () => {
    await host.close();
    await emulator.close();
  });

  it('answers no 5xx, and every refusal in Stripe’s shape', { timeout: 240_000 }, async () => {
    const below = (url: string) => url.slice(PREFIX.length);
    const report = await fuzzRoutes(
      {
        prefix: PREFIX,
        routes,
        send: async (request) => {
          const answer = await host.inject(request);
          return { statusCode: answer.statusCode, headers: answer.headers, body: answer.body };
        },
        valid: (method, route): ValidCall => {
          const path = below(route.url);
          const kind = ID_KINDS.find(([pattern]) => pattern.test(path))?.[1];
          const known = Object.keys(KNOWN_PARAMS[`${method} ${path}`] ?? {});
          const values = pool(ids);
          const names = path.startsWith('/v1/') ? known : PAGE_AND_CONTROL_FIELDS;
          return {
            params: { id: (kind && ids[kind]) || 'x_fuzz', customer: ids.customer!, '*': 'x' },
            fields: Object.fromEntries(names.filter((n) => n in values).map((n) => [n, values[n]])),
            optional: names.filter((n) => !(n in values)),
            headers: { authorization: `Bearer ${emulator.secretKey}` },
            encoding: 'form',
          };
        },
        judge: (_method, route, answer) => stripeErrorMisfit(below(route.url), answer),
      },
      { seed: SEED, runs: 2, hugeBytes: 1_100_000 },
    );
    console.log(
      `Stripe emulator fuzz: ${routes.length} routes, ${report.sent} requests, ${report.serverErrors} × 5xx`,
    );
    // The walk saw the API, the hosted pages and the controls, and sent each its share.
    for (const url of ['/v1/customers/:id', '/_emulator/checkout/:id', '/_emulator/clock'])
      expect(routes.some((route) => route.url === `${PREFIX}${url}`)).toBe(true);
    expect(report.sent).toBeGreaterThan(routes.length * 4);
    expect(report.problems).toEqual([]);
    expect(report.serverErrors).toBe(0);
  });
});
