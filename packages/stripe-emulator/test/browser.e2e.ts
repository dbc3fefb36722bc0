import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import Stripe from 'stripe';
import ts from 'typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { createEmulatorClient } from '../src/browser/index.ts';
import type { Emulator } from '../src/index.ts';
import { card, future, setup } from './helpers.ts';

let emulator: Emulator;
let stripe: Stripe;
let browser: Browser;
let app: Server;
let appUrl: string;

// A stand-in for the web app: a success page, and the browser client compiled to plain JS.
const clientJs = ts.transpileModule(
  readFileSync(new URL('../src/browser/index.ts', import.meta.url), 'utf8'),
  {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  },
).outputText;

beforeAll(async () => {
  ({ emulator, stripe } = await setup());
  app = createServer((req, res) => {
    if (req.url === '/client.js')
      return res.writeHead(200, { 'content-type': 'text/javascript' }).end(clientJs);
    if (req.url === '/checkout') {
      const script = `import { createEmulatorClient } from '/client.js'; window.createEmulatorClient = createEmulatorClient;`;
      return res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<!doctype html><title>Card</title><script type="module">${script}</script>`);
    }
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(`<!doctype html><title>App</title><h1>App page</h1><p>${req.url}</p>`);
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => app.close(() => resolve()));
  await emulator.close();
});

it('completes 3-D Secure on the authentication page and returns to return_url', async () => {
  const pm = await card(stripe, '4000002500003155');
  const pi = await stripe.paymentIntents.create({
    amount: 4200,
    currency: 'usd',
    payment_method: pm.id,
    confirm: true,
    return_url: `${appUrl}/done`,
  });
  expect(pi.status).toBe('requires_action');
  const page = await browser.newPage();
  await page.goto(pi.next_action!.redirect_to_url!.url!);
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await page.waitForURL(/\/done\?payment_intent=/);
  expect(new URL(page.url()).searchParams.get('redirect_status')).toBe('succeeded');
  expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('succeeded');
  await page.close();
});

it('pays a hosted checkout page with 4242 and lands on success_url with the session id', async () => {
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [
      { price_data: { currency: 'usd', unit_amount: 500, product_data: { name: 'Credits' } }, quantity: 2 },
    ],
    success_url: `${appUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${appUrl}/cancel`,
  });
  const page = await browser.newPage();
  await page.goto(session.url!);
  await page.getByLabel('Email').fill('e2e@example.com');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill(`12 / ${String(future.exp_year).slice(-2)}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(`${appUrl}/success?session_id=${session.id}`);
  await expect(page.getByRole('heading', { name: 'App page' }).isVisible()).resolves.toBe(true);
  expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('paid');
  await page.close();
});

it('lets the browser client confirm a card payment through the authentication popup', async () => {
  const pi = await stripe.paymentIntents.create({ amount: 1500, currency: 'usd' });
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${appUrl}/checkout`);
  await page.waitForFunction(() => 'createEmulatorClient' in window);
  const popup = context.waitForEvent('page');
  const result = page.evaluate(
    async ({ url, key, secret, year }) => {
      const create = (window as unknown as { createEmulatorClient: typeof createEmulatorClient })
        .createEmulatorClient;
      const client = create({ url, publishableKey: key });
      const out = await client.confirmCardPayment(secret, {
        payment_method: { card: { number: '4000002500003155', exp_month: 12, exp_year: year, cvc: '123' } },
      });
      return out.error ? { error: out.error.code } : { status: out.paymentIntent.status };
    },
    { url: emulator.url, key: emulator.publishableKey, secret: pi.client_secret!, year: future.exp_year },
  );
  const auth = await popup;
  await auth.getByRole('button', { name: 'Complete authentication' }).click();
  expect(await result).toEqual({ status: 'succeeded' });
  await context.close();
});
