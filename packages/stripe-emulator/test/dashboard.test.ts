import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../src/index.ts';
import { card, setup } from './helpers.ts';

/*
 * The operator's dashboard at the emulator's root: behind the secret key (HTTP Basic), every form
 * carrying the dashboard's token; refunds, disputes (open, win, lose) and the test clock.
 */

let emulator: Emulator;
let stripe: Stripe;
beforeAll(async () => {
  ({ emulator, stripe } = await setup());
});
afterAll(() => emulator.close());

const root = () => `${emulator.url}/`;
const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
const open = (key = emulator.secretKey) => fetch(root(), { headers: { authorization: basic(key) } });
async function post(fields: Record<string, string>, key = emulator.secretKey) {
  const html = await (await open(key)).text();
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';
  return fetch(root(), {
    method: 'POST',
    headers: { authorization: basic(key), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, ...fields }).toString(),
    redirect: 'manual',
  });
}

async function paid(amount = 1000) {
  const method = await card(stripe, '4242424242424242');
  return stripe.paymentIntents.create({ amount, currency: 'usd', payment_method: method.id, confirm: true });
}

describe('the emulator dashboard', () => {
  it('asks for the secret key and refuses a form without its token', async () => {
    const anonymous = await fetch(root());
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic /);
    expect((await open(emulator.publishableKey)).status).toBe(401);
    const intent = await paid();
    const forged = await fetch(root(), {
      method: 'POST',
      headers: {
        authorization: basic(emulator.secretKey),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        token: 'x',
        action: 'refund',
        charge: intent.latest_charge as string,
      }).toString(),
    });
    expect(await forged.text()).toContain('This form is stale');
    expect((await stripe.charges.retrieve(intent.latest_charge as string)).amount_refunded).toBe(0);
  });

  it('lists payments and refunds an amount, then the rest', async () => {
    const intent = await paid(1000);
    const charge = intent.latest_charge as string;
    expect(await (await open()).text()).toContain(charge);
    const part = await post({ action: 'refund', charge, amount: '2.50' });
    expect(part.status).toBe(303);
    expect((await stripe.charges.retrieve(charge)).amount_refunded).toBe(250);
    await post({ action: 'refund', charge, amount: '' });
    expect((await stripe.charges.retrieve(charge)).refunded).toBe(true);
    const refunds = await stripe.refunds.list({ charge });
    expect(refunds.data.map((refund) => refund.amount).sort()).toEqual([250, 750]);
  });

  it('opens a dispute and decides it', async () => {
    const intent = await paid(800);
    const charge = intent.latest_charge as string;
    await post({ action: 'dispute', charge });
    const [dispute] = (await stripe.disputes.list({ charge })).data;
    expect(dispute?.status).toBe('needs_response');
    await post({ action: 'lose', dispute: dispute!.id });
    expect((await stripe.disputes.retrieve(dispute!.id)).status).toBe('lost');
  });

  it('advances the test clock by days', async () => {
    const clock = async () =>
      (
        (await (
          await fetch(`${emulator.url}/_emulator/clock`, {
            method: 'POST',
            headers: { authorization: `Bearer ${emulator.secretKey}` },
          })
        ).json()) as { now: number }
      ).now;
    const before = await clock();
    const answer = await post({ action: 'advance', days: '3' });
    expect(answer.status).toBe(303);
    expect(decodeURIComponent(answer.headers.get('location') ?? '')).toContain('The clock moved 3 days on.');
    expect((await clock()) - before).toBeGreaterThanOrEqual(3 * 86_400);
    const bad = await post({ action: 'advance', days: '-1' });
    expect(await bad.text()).toContain('Days must be a whole number');
  });
});
