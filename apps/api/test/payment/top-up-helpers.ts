import { setBalance, spend } from '@app/db';
import type Stripe from 'stripe';
import { expect } from 'vitest';
import { discordNotifier } from '../../src/modules/discord/direct-message.ts';
import { type TopUpContext, afterSpending } from '../../src/modules/payments/run-auto-top-up.ts';
import { userRow } from '../subscriptions/helpers.ts';
import type { PaymentTestContext } from './helpers.ts';

/** Posts an HTML form like a browser (the emulator's bank page), without following redirects. */
export function postForm(url: string, form: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
}

/** A signed-in member with Discord DMs, credits set to `credits`. */
export async function member(t: PaymentTestContext, name: string, credits: number) {
  const { cookie, userId } = await t.signIn(`${name}-${Math.random().toString(36).slice(2, 8)}`);
  const discordId = await t.discord!.addUser(userId);
  await setBalance(t.database.db, {
    userId,
    currency: 'credits',
    target: credits,
    reason: 'admin-set',
    idempotencyKey: `test-set:${userId}:${credits}:${Date.now()}`,
  });
  return { cookie, userId, discordId };
}

export function api(t: PaymentTestContext, cookie: string) {
  return async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

/**
 * Saves `number` as the auto top-up card the way the page does: the card form's payment method to
 * our SetupIntent call; when the bank asks, its page completed and the SetupIntent handed back.
 */
export async function saveCard(t: PaymentTestContext, cookie: string, number: string) {
  const call = api(t, cookie);
  const setup = await call('POST', '/api/payment/auto-top-up/setup-intent', {
    paymentMethodId: await t.card(number),
  });
  if (setup.statusCode !== 200) return setup;
  const { setupIntentId, clientSecret, status, redirectUrl } = setup.json<{
    setupIntentId: string;
    clientSecret: string;
    status: string;
    redirectUrl: string | null;
  }>();
  if (status === 'succeeded') return call('GET', '/api/payment/auto-top-up');
  expect(status).toBe('requires_action');
  const bank = new URL(redirectUrl!);
  await postForm(`${bank.origin}${bank.pathname}`, {
    client_secret: clientSecret,
    action: 'complete',
    return_url: bank.searchParams.get('return_url') ?? '',
  });
  return call('POST', '/api/payment/auto-top-up/card', { setupIntentId });
}

export const settings = (overrides: Record<string, unknown> = {}) => ({
  enabled: true,
  package: 'Starter Pack',
  thresholdCredits: 100,
  monthlyCapCents: null,
  dailyCreditCap: null,
  ...overrides,
});

export function topUpContext(t: PaymentTestContext): TopUpContext {
  return { db: t.database.db, stripe: t.stripe, notifier: discordNotifier(t.app.discordBot) };
}

/** Spends `amount` credits as a job's hold does, then runs what follows a hold. */
export async function spendAndTopUp(t: PaymentTestContext, userId: string, amount: number) {
  const before = (await userRow(t, userId)).credits;
  await spend(t.database.db, {
    userId,
    currency: 'credits',
    amount,
    reason: 'job make',
    idempotencyKey: `test-spend:${userId}:${Date.now()}:${Math.random()}`,
  });
  return afterSpending(topUpContext(t), { userId, creditsBefore: before });
}

/** The top-up payment intents Stripe holds for the user's customer. */
export async function topUpIntents(t: PaymentTestContext, userId: string): Promise<Stripe.PaymentIntent[]> {
  const customer = (await userRow(t, userId)).stripeCustomerId!;
  const { data } = await t.stripe.paymentIntents.list({ customer, limit: 100 });
  return data.filter((pi) => pi.metadata.payment_type === 'TopUp');
}
