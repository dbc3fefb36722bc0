import { SEEDED_USER_IDS, startDiscordEmulator, type Observed as DiscordObserved } from '@app/discord-emulator';
import { startEmulator, type Observed } from '@app/stripe-emulator';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDiscordResponse, discordSchema } from './discord-check.ts';
import { checkRecords, formatReport } from './records.ts';
import { checkStripeObject } from './stripe-check.ts';
import { stripeSchema } from './stripe-schema.ts';

type Json = Record<string, unknown>;

const stripeSeen: Observed[] = [];
const discordSeen: DiscordObserved[] = [];
let closeAll: () => Promise<void>;

// Real emulator objects, made through the official SDK and the REST API, recorded by the same
// observer hook the test run records with.
beforeAll(async () => {
  const emulator = await startEmulator({ observe: (o) => stripeSeen.push(o) });
  const url = new URL(emulator.url);
  const stripe = new Stripe(emulator.secretKey, { host: url.hostname, port: Number(url.port), protocol: 'http' });
  const customer = await stripe.customers.create({ email: 'shape@example.com', payment_method: 'pm_card_visa' });
  const product = await stripe.products.create({ name: 'Plan' });
  const price = await stripe.prices.create({
    product: product.id,
    unit_amount: 1000,
    currency: 'usd',
    recurring: { interval: 'month' },
  });
  await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id }],
    default_payment_method: customer.invoice_settings.default_payment_method as string | undefined,
    payment_behavior: 'default_incomplete',
  });
  const discord = await startDiscordEmulator({ observe: (o) => discordSeen.push(o) });
  const bot = { authorization: `Bot ${discord.botToken}`, 'content-type': 'application/json' };
  const dm = (await (
    await fetch(`${discord.url}/api/v10/users/@me/channels`, {
      method: 'POST',
      headers: bot,
      body: JSON.stringify({ recipient_id: SEEDED_USER_IDS.member }),
    })
  ).json()) as Json;
  await fetch(`${discord.url}/api/v10/channels/${String(dm.id)}/messages`, {
    method: 'POST',
    headers: bot,
    body: JSON.stringify({
      content: 'done',
      components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Again', custom_id: 'again' }] }],
    }),
  });
  closeAll = async () => {
    await emulator.close();
    await discord.close();
  };
});
afterAll(() => closeAll());

const response = (route: string) => {
  const found = stripeSeen.find((o) => o.kind === 'response' && o.route === route);
  if (!found) throw new Error(`no answer recorded for ${route}`);
  return structuredClone(found.body) as Json;
};
const failuresOf = (value: unknown) => checkStripeObject(value, stripeSchema()).flatMap((c) => c.failures);

describe('Stripe objects against the stripe package’s types', () => {
  it('passes the emulator’s objects as they are', () => {
    expect(stripeSeen.length).toBeGreaterThan(10);
    for (const o of stripeSeen) expect(failuresOf(o.body), JSON.stringify(o).slice(0, 200)).toEqual([]);
  });

  it('fails when a required field is removed (a deliberate mutation)', () => {
    const pi = response('POST /v1/customers');
    delete pi.invoice_settings;
    expect(failuresOf(pi)).toEqual([{ path: 'invoice_settings', message: 'required by Customer, missing' }]);
    const sub = response('POST /v1/subscriptions');
    delete (sub.items as { data: Json[] }).data[0]!.current_period_end;
    expect(failuresOf(sub)).toEqual([
      { path: 'items.data[0].current_period_end', message: 'required by SubscriptionItem, missing' },
    ]);
  });

  it('fails an object of nulls where the type says null, a removed field, and a value outside an enum', () => {
    const customer = response('POST /v1/customers');
    customer.discount = { id: null, coupon: null };
    expect(failuresOf(customer).map((f) => f.path)).toEqual(['discount']);
    const sub = response('POST /v1/subscriptions');
    const invoice = (
      stripeSeen.find((o) => o.kind === 'event' && (o.body as Json).type === 'invoice.created')!.body as {
        data: { object: Json };
      }
    ).data.object;
    expect(failuresOf(invoice)).toEqual([]);
    expect(failuresOf({ ...invoice, subscription: sub.id })).toEqual([
      { path: 'subscription', message: 'not a field of Invoice' },
    ]);
    const event = structuredClone(stripeSeen.find((o) => o.kind === 'event')!.body) as Json;
    event.livemode = 'no';
    expect(failuresOf(event)).toEqual([{ path: 'livemode', message: 'expected boolean, got string' }]);
    expect(failuresOf({ ...sub, collection_method: 'by_pigeon' })).toEqual([]); // an OtherString enum
    expect(failuresOf({ ...sub, object: 'subscriptoin' })).toEqual([
      { path: 'object', message: 'no Stripe type has object: "subscriptoin"' },
    ]);
  });
});

describe('Discord answers against discord-api-types’ result types', () => {
  const message = () => {
    const found = discordSeen.find((o) => o.route === 'POST channels/messages');
    if (!found) throw new Error('no message recorded');
    return structuredClone(found.body) as Json;
  };

  it('passes the emulator’s answers, components numbered', () => {
    expect(discordSeen.map((o) => o.route)).toEqual(['POST users/@me/channels', 'POST channels/messages']);
    for (const o of discordSeen) expect(checkDiscordResponse(o.route, o.body, discordSchema())?.failures).toEqual([]);
    expect(message().components).toEqual([
      { type: 1, id: 1, components: [{ type: 2, id: 2, style: 1, label: 'Again', custom_id: 'again' }] },
    ]);
  });

  it('fails when a required field is removed (a deliberate mutation)', () => {
    const msg = message();
    delete msg.timestamp;
    expect(checkDiscordResponse('POST channels/messages', msg, discordSchema())?.failures).toEqual([
      { path: 'timestamp', message: expect.stringMatching(/^required by .*APIMessage.*, missing$/) as string },
    ]);
  });
});

describe('the report', () => {
  it('counts objects per type and lists each distinct failure once', () => {
    const customer = stripeSeen.find((o) => o.kind === 'response' && o.route === 'POST /v1/customers')!;
    const broken = structuredClone(customer.body) as Json;
    delete broken.created;
    const report = checkRecords([
      { source: 'stripe', ...customer },
      { source: 'stripe', ...customer, body: broken },
      { source: 'stripe', ...customer, body: broken },
      { source: 'discord', ...discordSeen[1]! },
    ]);
    expect(report.counts).toEqual({ 'stripe customer': 3, 'discord RESTPostAPIChannelMessageResult': 1 });
    expect(report.failures).toEqual([
      {
        type: 'stripe customer',
        failure: { path: 'created', message: 'required by Customer, missing' },
        times: 2,
        where: 'POST /v1/customers',
      },
    ]);
    expect(formatReport(report)).toContain('4  in all; 1 distinct failures');
  });
});
