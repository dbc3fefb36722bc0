import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const me = (cookie: string) => t.app.inject({ url: '/api/auth/', headers: { cookie } });

describe('sessions', () => {
  it('gives a new session id at sign-in and retires the one the browser had', async () => {
    const first = await t.signIn('member');
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      headers: { cookie: first.cookie },
      payload: { discordName: 'member' },
    });
    const rotated = second.cookies.find((c) => c.name === 'sid')!;
    expect(`sid=${rotated.value}`).not.toBe(first.cookie);
    expect(rotated).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect((await me(first.cookie)).statusCode).toBe(401);
    expect((await me(`sid=${rotated.value}`)).statusCode).toBe(200);
  });

  it('makes the old cookie useless after logout', async () => {
    const { cookie } = await t.signIn('free');
    expect((await me(cookie)).statusCode).toBe(200);
    const logout = await t.app.inject({ url: '/api/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(302);
    expect(logout.headers.location).toBe('/menu?v=3.1');
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/authlevel', headers: { cookie } })).json()).toEqual({
      authLevel: null,
    });
  });

  it('refuses a cross-site POST with 403 and changes nothing', async () => {
    const { cookie, userId } = await t.signIn('member');
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/payment/update_customer_email',
        headers: { cookie, ...headers },
        payload: { userid: userId, stripeid: null, email: 'evil@example.com' },
      });
      expect(response.statusCode).toBe(403);
    }
    expect((await me(cookie)).json().email).toBe('member@example.com');
  });

  it('answers 401 for the current user without a session', async () => {
    const response = await t.app.inject('/api/auth/');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHORIZED');
  });
});
