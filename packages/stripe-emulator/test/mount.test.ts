import Fastify from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorClient } from '../src/browser/index.ts';
import { createEmulator, type MountableEmulator } from '../src/index.ts';
import { future, postForm } from './helpers.ts';

let emulator: MountableEmulator;
let stripe: Stripe;
let origin: string;
const app = Fastify();

beforeAll(async () => {
  emulator = createEmulator({ prefix: '/_stripe/' });
  app.get('/hello', async () => ({ hello: 'app' }));
  await app.register(emulator.plugin);
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  emulator.setPublicUrl(origin);
  // The SDK has no base path setting: its requests are pointed under the prefix.
  const prefixed: typeof fetch = (input, init) =>
    fetch(
      (input instanceof Request ? input.url : input.toString()).replace(
        `${origin}/v1/`,
        `${origin}/_stripe/v1/`,
      ),
      init,
    );
  const url = new URL(origin);
  stripe = new Stripe(emulator.secretKey, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    maxNetworkRetries: 0,
    httpClient: Stripe.createFetchHttpClient(prefixed),
  });
});
afterAll(async () => {
  await app.close();
  await emulator.close();
});

const cardForm = (number: string) => ({
  email: 'mounted@example.com',
  card_number: number,
  card_expiry: `${future.exp_month} / ${String(future.exp_year).slice(-2)}`,
  card_cvc: future.cvc,
});

describe('mounted under /_stripe on the app’s own origin', () => {
  it('serves the API and the app’s own routes side by side', async () => {
    expect(emulator.url).toBe(`${origin}/_stripe`);
    expect(await (await fetch(`${origin}/hello`)).json()).toEqual({ hello: 'app' });
    expect((await fetch(`${origin}/_stripeX/v1/customers`)).status).toBe(404);
    const customer = await stripe.customers.create({ email: 'mounted@example.com' });
    expect((await stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
    const client = createEmulatorClient({ url: emulator.url, publishableKey: emulator.publishableKey });
    const { paymentMethod, error } = await client.createPaymentMethod({
      card: { number: '4242424242424242', ...future },
    });
    expect(error).toBeUndefined();
    expect(paymentMethod?.id).toMatch(/^pm_/);
  });

  it('hands out checkout, 3-D Secure and portal URLs under the prefix, pages without inline scripts', async () => {
    const customer = await stripe.customers.create({ email: 'mounted@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      customer: customer.id,
      line_items: [
        { price_data: { currency: 'usd', unit_amount: 900, product_data: { name: 'Pack' } }, quantity: 1 },
      ],
      success_url: `${origin}/success?session_id={CHECKOUT_SESSION_ID}`,
    });
    expect(session.url).toBe(`${origin}/_stripe/_emulator/checkout/${session.id}`);
    const res = await fetch(session.url!);
    const html = await res.text();
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).toContain(`action="${origin}/_stripe/_emulator/checkout/${session.id}"`);
    expect(html).toContain(`href="${origin}/_stripe/_emulator/assets/emulator.css"`);
    expect(html).not.toMatch(/<script>|<style>| style=/);
    const css = await fetch(`${origin}/_stripe/_emulator/assets/emulator.css`);
    expect(css.headers.get('content-type')).toContain('text/css');

    const paid = await postForm(session.url!, cardForm('4000002500003155'));
    expect(paid.status).toBe(303);
    const authUrl = paid.headers.get('location')!;
    expect(authUrl.startsWith(`${origin}/_stripe/_emulator/authenticate/pi_`)).toBe(true);
    const authPage = await (await fetch(authUrl)).text();
    const action = /action="([^"]+)"/.exec(authPage)![1]!;
    expect(action.startsWith(`${origin}/_stripe/_emulator/authenticate/`)).toBe(true);
    const secret = /name="client_secret" value="([^"]+)"/.exec(authPage)![1]!;
    const done = await (await postForm(action, { client_secret: secret, action: 'complete' })).text();
    expect(done).toContain(`src="${origin}/_stripe/_emulator/assets/authenticate.js"`);
    expect(done).not.toMatch(/<script>/);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('complete');

    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: origin });
    expect(portal.url.startsWith(`${origin}/_stripe/_emulator/portal/`)).toBe(true);
    expect((await fetch(portal.url)).status).toBe(200);
  });
});
