import { findGiftCode, insertGiftCode } from '@app/db';
import { ledgerEntriesOf } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateGiftCode } from '../../src/modules/gifts/generate-gift-code.ts';
import { TEST_ADMIN_PASSWORD } from '../helpers.ts';
import { call, subscribe, userRow } from '../subscriptions/helpers.ts';
import { createPaymentTestApp, type PaymentTestContext } from './helpers.ts';

let t: PaymentTestContext;
beforeAll(async () => {
  t = await createPaymentTestApp();
});
afterAll(() => t.close());

describe('deleting a user', () => {
  it('cancels their plans at Stripe, keeps the ledger and keeps redeemed codes redeemed', async () => {
    const s = await subscribe(t, 'leaving-user', 'Professional Plan');
    const code = (await insertGiftCode(t.database.db, { code: generateGiftCode(), tier: 'Founders Plan' }))!;
    const redeemed = await call(t, s.cookie, 'POST', '/api/payment/redeem-gift-code', {
      giftCode: code.code,
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    // Redeemed beside a paid plan, the message says so rather than promising a new plan.
    expect(redeemed.json().message).toMatch(
      /^Your gift was redeemed: Founders Plan runs until .+, beside your Professional Plan/,
    );
    const ledgerBefore = await ledgerEntriesOf(t.database.db, s.userId);
    expect(ledgerBefore.length).toBeGreaterThan(0);

    const admin = await t.signIn('admin');
    const response = await call(t, admin.cookie, 'POST', '/api/payment/delete_user', {
      user_id: s.userId,
      password: TEST_ADMIN_PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(200);

    const subscriptions = await t.stripe.subscriptions.list({ customer: s.customerId, status: 'all' });
    expect(subscriptions.data.length).toBe(2);
    expect(subscriptions.data.every((sub) => sub.status === 'canceled')).toBe(true);
    expect(await ledgerEntriesOf(t.database.db, s.userId)).toEqual(ledgerBefore);
    expect((await userRow(t, s.userId)).discordName).toBe('Deleted user');
    expect((await findGiftCode(t.database.db, code.code))!.redeemedBy).toBe(s.userId);

    const other = await t.signIn('code-hunter');
    const again = await call(t, other.cookie, 'POST', '/api/payment/redeem-gift-code', {
      giftCode: code.code,
    });
    expect(again.statusCode).toBe(409);
    expect((await call(t, s.cookie, 'GET', '/api/auth/')).statusCode).toBe(401);
  });
});
