import { findAutoTopUp } from '@app/db';
import { ledgerEntriesByKeyPattern } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAutoTopUp } from '../../src/modules/payments/run-auto-top-up.ts';
import { userRow } from '../subscriptions/helpers.ts';
import { createPaymentTestApp, deliver, type PaymentTestContext } from './helpers.ts';
import {
  api,
  member,
  postForm,
  saveCard,
  settings,
  spendAndTopUp,
  topUpContext,
  topUpIntents,
} from './top-up-helpers.ts';

/*
 * Auto top-up through the API, the official SDK and the Stripe emulator: a saved card (SetupIntent)
 * buys the chosen package off-session once per fall below the threshold, waits for the bank when it
 * asks, and turns off when the card is declined, with a Discord DM and a dashboard notice each time.
 */
let t: PaymentTestContext;
beforeAll(async () => {
  t = await createPaymentTestApp({ discord: true });
});
afterAll(() => t.close());

const STARTER = { name: 'Starter Pack', price: 499, credits: 500 };

const notices = async (cookie: string, userId: string) =>
  (await api(t, cookie)('GET', `/api/users/${userId}/account-state`)).json<{
    notices: { kind: string; text: string; authenticate?: boolean }[];
  }>().notices;

describe('settings and bad input', () => {
  it('refuses a negative threshold, a cap below the package, an unknown package and no card, changing nothing', async () => {
    const { cookie } = await member(t, 'settings', 1000);
    const call = api(t, cookie);
    const before = (await call('GET', '/api/payment/auto-top-up')).json();
    expect(before).toMatchObject({ enabled: false, card: null });

    const negative = await call(
      'PUT',
      '/api/payment/auto-top-up',
      settings({ enabled: false, thresholdCredits: -1 }),
    );
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.message).toContain('below 0');
    const cap = await call(
      'PUT',
      '/api/payment/auto-top-up',
      settings({ enabled: false, monthlyCapCents: 400 }),
    );
    expect(cap.statusCode).toBe(400);
    expect(cap.json().error).toMatchObject({ code: 'CAP_BELOW_PACKAGE' });
    const unknown = await call(
      'PUT',
      '/api/payment/auto-top-up',
      settings({ enabled: false, package: 'Mega Pack' }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({ code: 'UNKNOWN_PACKAGE' });
    const noCard = await call('PUT', '/api/payment/auto-top-up', settings());
    expect(noCard.statusCode).toBe(409);
    expect(noCard.json().error).toMatchObject({
      code: 'NO_SAVED_CARD',
      message: 'Save a card for auto top-up first: it is the card each top-up is charged to.',
    });
    expect((await call('GET', '/api/payment/auto-top-up')).json()).toEqual(before);

    // A card the bank declines is not saved (Stripe checks it when it is set up).
    const declined = await saveCard(t, cookie, '4000000000000002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toMatchObject({ code: 'CARD_DECLINED' });
    expect((await call('GET', '/api/payment/auto-top-up')).json().card).toBeNull();
    // A setup that is not finished is not saved either.
    const unfinished = await call('POST', '/api/payment/auto-top-up/setup-intent', {});
    const notSaved = await call('POST', '/api/payment/auto-top-up/card', {
      setupIntentId: unfinished.json().setupIntentId,
    });
    expect(notSaved.statusCode).toBe(400);
    expect(notSaved.json().error).toMatchObject({ code: 'CARD_NOT_SAVED' });
    const saved = await saveCard(t, cookie, '4242424242424242');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().card).toEqual({ brand: 'visa', last4: '4242' });
    const on = await call('PUT', '/api/payment/auto-top-up', settings({ monthlyCapCents: 1000 }));
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ enabled: true, package: STARTER.name, thresholdCredits: 100 });
  });
});

describe('a top-up fires once', () => {
  it('a job taking the credits below 100 buys one package, even with two processes and the webhook twice', async () => {
    const { cookie, userId } = await member(t, 'once', 103);
    expect((await saveCard(t, cookie, '4242424242424242')).statusCode).toBe(200);
    expect((await api(t, cookie)('PUT', '/api/payment/auto-top-up', settings())).statusCode).toBe(200);

    // The job's hold reports to this app's watcher; two more "processes" race it for the crossing.
    const job = await api(t, cookie)('POST', '/api/jobs', {
      command: 'make',
      options: { prompt: 'a red kite' },
    });
    expect(job.statusCode, job.body).toBe(202);
    const outcomes = await Promise.all([
      runAutoTopUp(topUpContext(t), { userId }),
      runAutoTopUp({ ...topUpContext(t) }, { userId }),
    ]);
    const deadline = Date.now() + 20_000;
    while ((await findAutoTopUp(t.database.db, userId))!.state !== 'armed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(outcomes.filter((o) => o === 'bought').length).toBeLessThanOrEqual(1);
    expect(outcomes.every((o) => ['bought', 'elsewhere', 'not-needed'].includes(o))).toBe(true);
    // Stripe's webhook, delivered twice, grants nothing more.
    for await (const event of t.stripe.events.list({ type: 'payment_intent.succeeded', limit: 100 })) {
      const intent = event.data.object as { metadata: { userId?: string } };
      if (intent.metadata.userId !== userId) continue;
      for (const _ of [1, 2])
        expect((await deliver(t.app, t.billing, JSON.stringify(event))).statusCode).toBe(200);
    }
    const intents = await topUpIntents(t, userId);
    expect(intents).toHaveLength(1);
    expect(intents[0]!.status).toBe('succeeded');
    expect(await ledgerEntriesByKeyPattern(t.database.db, `payment_intent:${intents[0]!.id}:%`)).toHaveLength(
      1,
    );
    const user = await userRow(t, userId);
    expect(user.credits).toBeGreaterThanOrEqual(100 + STARTER.credits - 10);

    // In the payment history, in the top-up's words, with a receipt that is a PDF naming its amount.
    const history = await api(t, cookie)('GET', `/api/payment/payment-history/${user.stripeCustomerId}`);
    const row = history
      .json<{ id: string; description: string; receipt_url: string | null }[]>()
      .find((r) => r.description.startsWith('Auto top-up'));
    expect(row?.description).toBe('Auto top-up: Starter Pack');
    const pdf = await fetch(`${row!.receipt_url}/pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).toString('latin1')).toContain('$4.99');

    // Spent below the threshold again: the next fall is a new crossing, bought once more.
    expect(await spendAndTopUp(t, userId, user.credits - 50)).toBe('bought');
    expect(await topUpIntents(t, userId)).toHaveLength(2);
  });
});

describe('the bank and the card', () => {
  it('a card that asks for authentication makes the top-up wait, with a DM and a notice to confirm it', async () => {
    const { cookie, userId, discordId } = await member(t, 'threeds', 150);
    expect((await saveCard(t, cookie, '4000002760003184')).statusCode).toBe(200);
    expect((await api(t, cookie)('PUT', '/api/payment/auto-top-up', settings())).statusCode).toBe(200);
    expect(await spendAndTopUp(t, userId, 100)).toBe('waiting');
    expect((await userRow(t, userId)).credits).toBe(50);
    const dms = await t.discord!.dms(discordId);
    expect(dms.filter((m) => m.content.includes('waiting for your bank'))).toHaveLength(1);
    const waiting = (await notices(cookie, userId)).find((n) => n.kind === 'topUpWaiting');
    expect(waiting).toMatchObject({ authenticate: true });
    expect(waiting!.text).toContain('Starter Pack');
    // Another hold while it waits buys nothing more and sends no second DM.
    expect(await spendAndTopUp(t, userId, 10)).toBe('waiting');
    expect((await t.discord!.dms(discordId)).filter((m) => m.content.includes('waiting'))).toHaveLength(1);

    const started = await api(t, cookie)('POST', '/api/payment/auto-top-up/authenticate');
    expect(started.statusCode, started.body).toBe(200);
    const bankPage = new URL(started.json<{ url: string }>().url);
    await postForm(`${bankPage.origin}${bankPage.pathname}`, {
      client_secret: bankPage.searchParams.get('client_secret')!,
      action: 'complete',
      return_url: bankPage.searchParams.get('return_url') ?? '',
    });
    await t.deliverEvents();
    expect((await userRow(t, userId)).credits).toBe(40 + STARTER.credits);
    expect((await findAutoTopUp(t.database.db, userId))!.state).toBe('armed');
    expect((await notices(cookie, userId)).map((n) => n.kind)).not.toContain('topUpWaiting');
    expect(await topUpIntents(t, userId)).toHaveLength(1);
  });

  it('4000 0025 0000 3155, set up with the bank, pays off-session without a new challenge', async () => {
    const { cookie, userId } = await member(t, 'setup3155', 150);
    expect((await saveCard(t, cookie, '4000002500003155')).statusCode).toBe(200);
    expect((await api(t, cookie)('PUT', '/api/payment/auto-top-up', settings())).statusCode).toBe(200);
    expect(await spendAndTopUp(t, userId, 100)).toBe('bought');
  });

  it('a declined card turns auto top-up off, with a DM and a notice', async () => {
    const { cookie, userId, discordId } = await member(t, 'declined', 150);
    // 4000 0000 0000 0341 is saved, then every charge of it is declined.
    expect((await saveCard(t, cookie, '4000000000000341')).statusCode).toBe(200);
    expect((await api(t, cookie)('PUT', '/api/payment/auto-top-up', settings())).statusCode).toBe(200);
    expect(await spendAndTopUp(t, userId, 100)).toBe('declined');
    const row = (await findAutoTopUp(t.database.db, userId))!;
    expect(row).toMatchObject({ enabled: false });
    expect((await api(t, cookie)('GET', '/api/payment/auto-top-up')).json()).toMatchObject({
      enabled: false,
    });
    expect((await notices(cookie, userId)).find((n) => n.kind === 'topUpOff')?.text).toContain(
      'card ending 0341 was declined',
    );
    expect(
      (await t.discord!.dms(discordId)).filter((m) => m.content.includes('Auto top-up is off')),
    ).toHaveLength(1);
    expect(await spendAndTopUp(t, userId, 10)).toBe('off');
    expect((await userRow(t, userId)).credits).toBe(40);
  });
});
