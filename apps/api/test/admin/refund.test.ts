import { randomUUID } from 'node:crypto';
import { findPayment } from '@app/db';
import { ledgerEntriesByKeyPattern } from '@app/db/testing';
import { CREDIT_PACKAGES } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD } from '../helpers.ts';
import { CARDS, createPaymentTestApp, type PaymentTestContext } from '../payment/helpers.ts';
import { userRow } from '../subscriptions/helpers.ts';

/*
 * An admin refunds one of a person's payments from their user page: the route asks Stripe for the
 * refund (with the admin password), Stripe's webhook takes the credits back, once, whatever is
 * sent again.
 */

let t: PaymentTestContext;
let admin: { cookie: string; userId: string };
beforeAll(async () => {
  t = await createPaymentTestApp();
  admin = await t.signIn('admin');
});
afterAll(() => t.close());

const pack = CREDIT_PACKAGES[0]!;

async function buyPackage(cookie: string): Promise<string> {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/payment/create-payment-intent',
    headers: { cookie },
    payload: { purchaseType: 'Credits', tierType: pack.name },
  });
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/payment/process_single',
    headers: { cookie },
    payload: { paymentIntentId: started.json().id, paymentMethodId: await t.card(CARDS.ok) },
  });
  expect(paid.json().status, paid.body).toBe('succeeded');
  await t.deliverEvents();
  return started.json().id as string;
}

const refund = (userId: string, paymentId: string, body: Record<string, unknown>, cookie = admin.cookie) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/users/${userId}/payments/${paymentId}/refund`,
    headers: { cookie },
    payload: { password: TEST_ADMIN_PASSWORD, requestId: randomUUID(), ...body },
  });

const payments = (userId: string, cookie = admin.cookie) =>
  t.app.inject({ url: `/api/admin/users/${userId}/payments`, headers: { cookie } });

describe('an admin refund', () => {
  it('is in the OpenAPI document', async () => {
    const docs = (await t.app.inject({ url: '/api/docs' })).json();
    expect(Object.keys(docs.paths)).toEqual(
      expect.arrayContaining([
        '/api/admin/users/{userId}/payments',
        '/api/admin/users/{userId}/payments/{paymentId}/refund',
      ]),
    );
    expect(
      docs.paths['/api/admin/users/{userId}/payments/{paymentId}/refund'].post.requestBody,
    ).toBeDefined();
  });

  it('lists the payments, refunds an amount then the rest; the credits come back once', async () => {
    const who = await t.signIn('admin-refund-person');
    const start = (await userRow(t, who.userId)).credits;
    const intentId = await buyPackage(who.cookie);
    expect((await userRow(t, who.userId)).credits).toBe(start + pack.credits);

    const listed = await payments(who.userId);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().payments).toMatchObject([
      { id: intentId, description: pack.name, amountCents: pack.price, refundedCents: 0, refundable: true },
    ]);

    const requestId = randomUUID();
    const part = await refund(who.userId, intentId, { amountCents: 200, requestId });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ amountCents: 200, status: 'succeeded' });
    // The same request again (a double click): the same refund, not a second one.
    const again = await refund(who.userId, intentId, { amountCents: 200, requestId });
    expect(again.json().refundId).toBe(part.json().refundId);
    await t.deliverEvents();
    const share = Math.floor((pack.credits * 200) / pack.price);
    expect((await userRow(t, who.userId)).credits).toBe(start + pack.credits - share);

    const rest = await refund(who.userId, intentId, {});
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().amountCents).toBe(pack.price - 200);
    await t.deliverEvents();
    await t.deliverEvents();
    expect((await userRow(t, who.userId)).credits).toBe(start);
    expect(await findPayment(t.database.db, intentId)).toMatchObject({ refundedCents: pack.price });
    const taken = await ledgerEntriesByKeyPattern(t.database.db, 'clawback:refund:%');
    const mine = taken.filter((row) => row.userId === who.userId);
    expect(mine.reduce((sum, row) => sum + row.delta, 0)).toBe(-pack.credits);
    expect((await payments(who.userId)).json().payments[0]).toMatchObject({ refundable: false });
    const audit = await t.app.inject({
      url: `/api/admin/audit?action=payment.refund&target=${who.userId}`,
      headers: { cookie: admin.cookie },
    });
    expect(audit.json().entries).toHaveLength(2);

    // Nothing is left to refund: refused, and nothing changes.
    const more = await refund(who.userId, intentId, {});
    expect(more.statusCode).toBe(409);
    expect(more.json().error.code).toBe('REFUND_REFUSED');
    expect((await userRow(t, who.userId)).credits).toBe(start);
  });

  it('refuses without the password, for someone else’s payment, too much, and to non-admins', async () => {
    const who = await t.signIn('admin-refund-guarded');
    const other = await t.signIn('admin-refund-other');
    const intentId = await buyPackage(who.cookie);
    const wrong = await refund(who.userId, intentId, { password: 'not-it' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('WRONG_PASSWORD');
    expect((await refund(other.userId, intentId, {})).statusCode).toBe(404);
    const tooMuch = await refund(who.userId, intentId, { amountCents: pack.price + 1 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toMatch(/At most \$/);
    const bad = await refund(who.userId, intentId, { amountCents: -5 });
    expect(bad.statusCode).toBe(400);
    expect((await refund(who.userId, intentId, {}, who.cookie)).statusCode).toBe(403);
    expect((await payments(who.userId, who.cookie)).statusCode).toBe(403);
    await t.deliverEvents();
    expect(await findPayment(t.database.db, intentId)).toMatchObject({ refundedCents: 0 });
  });
});
