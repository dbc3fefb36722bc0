import { findUserById } from '@app/db';
import { ledgerEntriesOf, rateLimitRows } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, { payments: true });
});
afterAll(() => t.close());

const admin = async () => t.sessionCookie((await t.signIn('admin')).userId);

describe('text that cannot be stored or sent on', () => {
  it.each([
    ['a NUL in a body field', 'POST', '/api/payment/testpost', { stripeId: 'cus_\u0000x' }],
    [
      'a lone surrogate in a body field',
      'PUT',
      '/api/payment/update_customer_email',
      { email: 'a\uD800@x.io' },
    ],
    ['a NUL in a path parameter', 'GET', '/api/payment/update_subscription_status/sub_%00x', undefined],
    ['a NUL in the query', 'GET', '/api/users?query=%00', undefined],
    ['a NUL in a field name', 'POST', '/api/changelog', { 'change\u0000Title': 'x' }],
    ['a NUL in the query of a fixed route', 'GET', '/subscription_details.json?x=%00', undefined],
    ['a NUL in the query of a page', 'GET', '/studio/anything?x=%00', undefined],
    ['a NUL in the query of an unknown path', 'GET', '/api/no-such-thing?x=%00', undefined],
    ['a NUL in the body of an unknown path', 'POST', '/api/no-such-thing', { x: 'a\u0000' }],
  ])('refuses %s with 400 INVALID_TEXT', async (_name, method, url, payload) => {
    const response = await t.app.inject({
      method: method as 'POST',
      url,
      headers: { cookie: await admin() },
      ...(payload && { payload }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_TEXT');
  });

  it('checks who may call first: a signed-out call with a NUL in its query gets 401', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/payment/payment-history/cus_1?x=%00' });
    expect(response.statusCode).toBe(401);
  });

  it('refuses malformed multipart uploads with 400', async () => {
    const cookie = await admin();
    const bodies = [
      { type: 'multipart/form-data', body: 'no boundary at all' },
      {
        type: 'multipart/form-data; boundary=X',
        body: '--X\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n\x89PNG',
      },
      { type: 'multipart/form-data; boundary=X', body: '--X\r\ngarbage\r\n--X--' },
    ];
    for (const { type, body } of bodies) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/changelog/upload',
        headers: { cookie, 'content-type': type },
        payload: body,
      });
      expect(response.statusCode, body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, body).toBeLessThan(500);
      expect(typeof response.json().error.code).toBe('string');
    }
  });
});

describe('an admin edit is all or nothing', () => {
  it('leaves the credits alone when the name in the same edit is refused', async () => {
    const cookie = await admin();
    const taken = await t.createUser({ discordName: 'taken-name' });
    const user = await t.createUser({ discordName: 'edit-target', credits: 5 });
    for (const discordName of ['bad\u0000name', taken.discordName]) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/users/${user.id}`,
        headers: { cookie },
        payload: { credits: 777, discordName },
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    expect((await findUserById(t.database.db, user.id))!.credits).toBe(5);
    expect(await ledgerEntriesOf(t.database.db, user.id)).toEqual([]);
  });
});

describe('rate limits', () => {
  it('count per user however the cookies vary, and store no session id', async () => {
    const { cookie, userId } = await t.signIn(`limited-${Date.now()}`);
    const statuses: number[] = [];
    const refusals = [];
    for (let i = 0; i < 62; i++) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/payment/subscriptions',
        headers: { cookie: `${cookie}; junk${i}=${i}` },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) refusals.push(response);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    for (const refused of refusals) {
      expect(refused.json().error.code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    const keys = (await rateLimitRows(t.database.db)).map((row) => row.key);
    expect(keys.some((key) => key.includes(userId))).toBe(true);
    const sessionId = cookie.split('=')[1]!;
    expect(keys.filter((key) => key.includes(sessionId))).toEqual([]);
  });
});

describe('redirect addresses', () => {
  it('come from our own address, never from the Host header', async () => {
    const { cookie } = await t.signIn(`redirected-${Date.now()}`);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payment/create-checkout-session',
      headers: { cookie, host: 'evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ purchaseType: 'Credits', tierType: 'Starter Pack' }).toString(),
    });
    expect(response.statusCode, response.body).toBe(303);
    const [session] = (await t.billing!.stripe.checkout.sessions.list({ limit: 1 })).data;
    expect(session!.success_url).toMatch(/^http:\/\/localhost:\d+\//);
    expect(session!.cancel_url).toMatch(/^http:\/\/localhost:\d+\//);
  });
});

describe('sign out', () => {
  it('refuses a cross-site link and keeps the session; signs out from our own pages', async () => {
    const { cookie } = await t.signIn(`leaving-${Date.now()}`);
    const me = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/auth/', headers: { cookie, ...headers } });
    const logout = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/auth/logout', headers: { cookie, ...headers } });

    expect((await logout({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await logout({ referer: 'https://evil.example/page' })).statusCode).toBe(403);
    expect((await me({})).statusCode).toBe(200);

    expect((await logout({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(302);
    expect((await me({})).statusCode).toBe(401);
  });
});
