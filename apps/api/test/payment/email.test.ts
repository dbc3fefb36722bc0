import { findUserById } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, { payments: true });
});
afterAll(async () => t.close());

describe('PUT /api/payment/update_customer_email with a payment provider', () => {
  it("also changes the Stripe customer's email, which receipts go to", async () => {
    const customer = await t.billing!.stripe.customers.create({ email: 'old@example.com', name: 'mailer' });
    const user = await t.createUser({
      discordName: 'mailer',
      email: 'old@example.com',
      stripeCustomerId: customer.id,
    });
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/payment/update_customer_email',
      headers: { cookie: await t.sessionCookie(user.id) },
      payload: { userid: user.id, stripeid: customer.id, email: ' new@example.com ' },
    });
    expect(response.statusCode).toBe(200);
    const stored = await t.billing!.stripe.customers.retrieve(customer.id);
    expect('email' in stored && stored.email).toBe('new@example.com');
    const row = await findUserById(t.database.db, user.id);
    expect(row!.email).toBe('new@example.com');
  });

  it("changes nothing at Stripe when the ids are someone else's", async () => {
    const customer = await t.billing!.stripe.customers.create({ email: 'keep@example.com' });
    const owner = await t.createUser({ discordName: 'owner', stripeCustomerId: customer.id });
    const intruder = await t.createUser({ discordName: 'intruder' });
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/payment/update_customer_email',
      headers: { cookie: await t.sessionCookie(intruder.id) },
      payload: { userid: owner.id, stripeid: customer.id, email: 'stolen@example.com' },
    });
    expect(response.statusCode).toBe(403);
    const stored = await t.billing!.stripe.customers.retrieve(customer.id);
    expect('email' in stored && stored.email).toBe('keep@example.com');
  });
});
