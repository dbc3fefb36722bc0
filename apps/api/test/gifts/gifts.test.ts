import { findGiftCode } from '@app/db';
import { giftCodesBySource } from '@app/db/testing';
import { findTier, normalizeGiftCode } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateGiftCode } from '../../src/modules/gifts/generate-gift-code.ts';
import { createPaymentTestApp, type PaymentTestContext } from '../payment/helpers.ts';
import { call, userRow } from '../subscriptions/helpers.ts';
import { buyGift, redeem } from './helpers.ts';

let t: PaymentTestContext;
beforeAll(async () => {
  t = await createPaymentTestApp();
});
afterAll(() => t.close());

describe('gift codes', () => {
  it('are 20 base32 characters in groups of four, all different, forgiving when typed', () => {
    const codes = new Set(Array.from({ length: 2000 }, generateGiftCode));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){4}[0-9A-HJKMNP-TV-Z]{4}$/);
    const code = [...codes][0]!;
    expect(normalizeGiftCode(` ${code.replaceAll('-', '').toLowerCase()} `)).toBe(code);
    expect(normalizeGiftCode('0000-1111-2222-3333-444')).toBeNull();
  });
});

describe('buying and redeeming a gift', () => {
  it('a paid gift checkout issues one code, shown on the receipt; redeeming gives the plan once', async () => {
    const buyer = await t.signIn('gift-buyer');
    const sessionId = await buyGift(t, buyer.cookie, 'Founders Plan');
    const receipt = await call(t, buyer.cookie, 'GET', `/api/payment/session/${sessionId}`);
    expect(receipt.statusCode, receipt.body).toBe(200);
    const code = receipt.json().giftCode as string;
    expect(code).toMatch(/^(\w{4}-){4}\w{4}$/);
    expect(receipt.json().metadata).toMatchObject({ gift: 'true', tierType: 'Founders Plan' });

    // The webhook arriving afterwards (twice) finds the code issued and adds none.
    await t.deliverEvents();
    await t.deliverEvents();
    const rows = await giftCodesBySource(t.database.db, sessionId);
    expect(rows.map((row) => row.code)).toEqual([code]);
    expect((await userRow(t, buyer.userId)).subscriptionStatus).toBe('free');

    const list = await call(t, buyer.cookie, 'POST', '/api/payment/get_gift_code_list', {});
    const today = new Date().toISOString().slice(0, 10);
    expect(list.json()).toMatchObject({
      giftCodes: `${code}: ${today}`,
      codes: [{ code, tier: 'Founders Plan', valid: true }],
    });

    const friend = await t.signIn('gift-friend');
    const before = await userRow(t, friend.userId);
    const redeemed = await redeem(t, friend.cookie, { giftCode: code.toLowerCase(), userId: friend.userId });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json().url).toMatch(/^\/dashboard\?/);
    const after = await userRow(t, friend.userId);
    const tier = findTier('Founders Plan')!;
    expect(after.subscriptionStatus).toBe('Founders Plan');
    expect(after.credits).toBe(before.credits + tier.credits);
    expect(after.hypercredits).toBe(before.hypercredits + tier.hypercredits);

    // No card was asked for; the plan ends after its period.
    const [sub] = (await t.stripe.subscriptions.list({ customer: after.stripeCustomerId! })).data;
    expect(sub).toMatchObject({
      status: 'trialing',
      cancel_at_period_end: true,
      metadata: { gifted: 'true' },
    });
    expect(sub!.default_payment_method).toBeNull();
    // The recipient's history shows the gift as a gift, not as a trial.
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/payment/payment-history/${after.stripeCustomerId}`,
      headers: { cookie: friend.cookie },
    });
    const descriptions = history.json<{ description: string }[]>().map((row) => row.description);
    expect(descriptions).toEqual(['Gift: Founders Plan (redeemed gift code)']);

    // Webhooks of the redemption grant nothing more.
    await t.deliverEvents();
    expect((await userRow(t, friend.userId)).credits).toBe(after.credits);

    const again = await redeem(t, friend.cookie, { giftCode: code });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('GIFT_CODE_USED');
    const listAfter = await call(t, buyer.cookie, 'POST', '/api/payment/get_gift_code', {});
    expect(listAfter.json().giftcode).toMatchObject({ code, valid: false });
  });

  it("the gift form posted from our own page is accepted; another site's or an opaque origin's refused", async () => {
    const { cookie } = await t.signIn('gift-form-user');
    const post = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment/create-checkout-session',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: 'purchaseType=Gift&tierType=Founders%20Plan&recurringType=Monthly',
      });
    const ours = await post({
      host: 'shop.example',
      origin: 'http://shop.example',
      'sec-fetch-site': 'same-origin',
    });
    expect(ours.statusCode).toBe(303);
    // Pages send the browser-default policy, so our own form posts carry a real Origin.
    expect(ours.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect((await post({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).statusCode).toBe(
      403,
    );
    expect((await post({ origin: 'null', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(403);
    expect((await post({ origin: 'null' })).statusCode).toBe(403);
  });

  it('answers a path on this site whatever it is sent', async () => {
    const admin = await t.signIn('admin');
    const hostile = [
      'https://evil.example/steal',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'http://127.0.0.1:1/',
    ];
    for (const [index, target] of hostile.entries()) {
      const made = await call(t, admin.cookie, 'POST', '/api/payment/testpost', {});
      expect(made.statusCode, made.body).toBe(200);
      const { cookie } = await t.signIn(`url-user-${index}`);
      const response = await redeem(
        t,
        cookie,
        {
          giftCode: made.json().giftcode.code,
          url: target,
          returnUrl: target,
          redirect: target,
          next: target,
        },
        {
          host: 'evil.example',
          'x-forwarded-host': 'evil.example',
          referer: target,
          origin: 'http://evil.example',
        },
      );
      // A foreign Origin is refused outright; without it the answer is still our own path.
      const retry =
        response.statusCode === 403
          ? await redeem(
              t,
              cookie,
              { giftCode: made.json().giftcode.code, url: target },
              { host: 'evil.example' },
            )
          : response;
      expect(retry.statusCode, retry.body).toBe(200);
      const { url } = retry.json();
      expect(url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')).toBe(true);
      expect(new URL(url, 'http://ours.example').host).toBe('ours.example');
    }
  });

  it('refuses wrong codes with 404, then rate-limits them; a right code is not counted', async () => {
    const { cookie } = await t.signIn('guesser');
    for (let i = 0; i < 10; i++) {
      const response = await redeem(t, cookie, { giftCode: generateGiftCode() });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('GIFT_CODE_INVALID');
    }
    const blocked = await redeem(t, cookie, { giftCode: generateGiftCode() });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('RATE_LIMITED');
    expect(blocked.json().error.message).toBe('Too many wrong gift codes. Try again in 15 minutes.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    const empty = await redeem(t, cookie, { giftCode: '' });
    expect(empty.statusCode).toBe(400);
  });

  it("refuses another user's ids", async () => {
    const mallory = await t.signIn('gift-mallory');
    const victim = await t.signIn('gift-victim');
    const admin = await t.signIn('admin');
    const made = (await call(t, admin.cookie, 'POST', '/api/payment/testpost', {})).json().giftcode.code;
    const victimRow = await userRow(t, victim.userId);
    await call(t, victim.cookie, 'POST', '/api/payment/customer', {});
    const customer = (await userRow(t, victim.userId)).stripeCustomerId!;
    expect(customer).toBeTruthy();
    const forVictim = await redeem(t, mallory.cookie, { giftCode: made, userId: victim.userId });
    expect(forVictim.statusCode).toBe(403);
    const onVictimCustomer = await redeem(t, mallory.cookie, { giftCode: made, stripeId: customer });
    expect(onVictimCustomer.statusCode).toBe(403);
    for (const path of ['get_gift_code', 'get_gift_code_list', 'testpost']) {
      const response = await call(t, mallory.cookie, 'POST', `/api/payment/${path}`, { stripeId: customer });
      expect(response.statusCode, path).toBe(403);
    }
    // The code is still unused, and the victim's plan untouched.
    expect((await userRow(t, victim.userId)).subscriptionStatus).toBe(victimRow.subscriptionStatus);
    const row = await findGiftCode(t.database.db, made);
    expect(row!.redeemedBy).toBeNull();
  });
});
