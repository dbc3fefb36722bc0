import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CREDIT_PACKAGES } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited, startServer } from '../recovery/server-process.ts';
import { CARDS } from './helpers.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'one-origin-'));
const pack = CREDIT_PACKAGES.find((p) => p.name === 'Creator Pack')!;
let server: ChildProcess;
let origin: string;
let cookie: string;
let config: { publishableKey: string; emulatorUrl: string };

beforeAll(async () => {
  const started = startServer({ DATA_DIR: dataDir });
  server = started.child;
  origin = await started.url;
  const signIn = await fetch(`${origin}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ discordName: 'one-origin-buyer' }),
  });
  cookie = /sid=[^;]+/.exec(signIn.headers.get('set-cookie') ?? '')![0];
  config = (await (await fetch(`${origin}/api/payment/config`)).json()) as typeof config;
}, 90_000);

afterAll(async () => {
  server.kill('SIGTERM');
  await exited(server);
  rmSync(dataDir, { recursive: true, force: true });
});

const api = async <T>(path: string, body?: Record<string, unknown>): Promise<T> => {
  const response = await fetch(`${origin}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

/** A call to the emulator's API the way the browser's card field makes it: publishable key, our origin. */
const emulatorCall = async <T>(method: 'GET' | 'POST', path: string, params: Record<string, string>) => {
  const query = new URLSearchParams(params).toString();
  const response = await fetch(
    method === 'GET' ? `${config.emulatorUrl}${path}?${query}` : `${config.emulatorUrl}${path}`,
    {
      method,
      headers: {
        authorization: `Bearer ${config.publishableKey}`,
        ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: method === 'POST' ? query : undefined,
    },
  );
  expect(response.status).toBe(200);
  return (await response.json()) as T;
};

/** A page the browser is sent to: under our origin, answered there, with no inline script. */
async function expectOwnPage(url: string) {
  expect(url.startsWith(`${origin}/_stripe/`)).toBe(true);
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  expect(await response.text()).not.toMatch(/<script>/);
}

describe('the embedded default on one port', () => {
  it('gives the browser the emulator at our own origin under /_stripe', () => {
    expect(config.emulatorUrl).toBe(`${origin}/_stripe`);
  });

  it('takes a card through the 3-D Secure page on our origin and the webhook comes back to us', async () => {
    const before = (await api<{ credits: number }>('/api/auth/')).credits;
    const intent = await api<{ id: string; client_secret: string }>('/api/payment/create-payment-intent', {
      purchaseType: 'Credits',
      tierType: pack.name,
    });
    const method = await emulatorCall<{ id: string }>('POST', '/v1/payment_methods', {
      type: 'card',
      'card[number]': CARDS.authenticate,
      'card[exp_month]': '12',
      'card[exp_year]': '2040',
      'card[cvc]': '123',
    });
    const paid = await api<{ status: string }>('/api/payment/process_single', {
      paymentIntentId: intent.id,
      paymentMethodId: method.id,
    });
    expect(paid.status).toBe('requires_action');
    const read = await emulatorCall<{ next_action: { redirect_to_url: { url: string } } }>(
      'GET',
      `/v1/payment_intents/${intent.id}`,
      { client_secret: intent.client_secret },
    );
    const authUrl = read.next_action.redirect_to_url.url;
    await expectOwnPage(authUrl);

    const page = await (await fetch(authUrl)).text();
    const action = /action="([^"]+)"/.exec(page)![1]!;
    expect(action.startsWith(`${origin}/_stripe/`)).toBe(true);
    const done = await fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_secret: intent.client_secret, action: 'complete' }).toString(),
    });
    expect(done.status).toBe(200);
    // Only the emulator's webhook to our own address grants the package.
    await expect
      .poll(async () => (await api<{ credits: number }>('/api/auth/')).credits, { timeout: 30_000 })
      .toBe(before + pack.credits);
  });

  it('sends hosted checkout to a page on our origin that returns to our origin', async () => {
    const started = await fetch(`${origin}/api/payment/create-checkout-session`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ purchaseType: 'Credits', tierType: pack.name }).toString(),
      redirect: 'manual',
    });
    expect(started.status).toBe(303);
    const pageUrl = started.headers.get('location')!;
    expect(pageUrl.startsWith(`${origin}/_stripe/_emulator/checkout/cs_`)).toBe(true);
    await expectOwnPage(pageUrl);
    const paid = await fetch(pageUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        email: 'one-origin@example.com',
        card_number: CARDS.ok,
        card_expiry: '12 / 40',
        card_cvc: '123',
      }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')!.startsWith(`${origin}/success?session_id=cs_`)).toBe(true);
  });

  it('opens the billing portal on our origin', async () => {
    const customer = await api<{ id: string }>('/api/payment/customer', {});
    const portal = await api<{ url: string }>('/api/payment/create_invoice_portal', {
      customer_id: customer.id,
    });
    expect(portal.url.startsWith(`${origin}/_stripe/_emulator/portal/`)).toBe(true);
    await expectOwnPage(portal.url);
  });
});
