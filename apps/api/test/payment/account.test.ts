import { findUserById } from '@app/db';
import { latestAuditEntry, sessionsOf } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, createTestApp, type TestContext } from '../helpers.ts';

let t: TestContext;
let admin: { cookie: string; userId: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
});
afterAll(async () => t.close());

const row = async (id: string) => findUserById(t.database.db, id);
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('PUT /api/payment/update_customer_email', () => {
  async function withUser() {
    const user = await t.createUser({
      discordName: `mail-user-${Math.random().toString(36).slice(2, 8)}`,
      stripeCustomerId: `cus_${Date.now()}${Math.random()}`,
    });
    return { user, cookie: await t.sessionCookie(user.id) };
  }
  const put = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/payment/update_customer_email', headers: { cookie }, payload });

  it('saves the trimmed email of your own account', async () => {
    const { user, cookie } = await withUser();
    const response = await put(cookie, {
      userid: user.id,
      stripeid: user.stripeCustomerId,
      email: '  me@example.com ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe('me@example.com');
    expect((await row(user.id))!.email).toBe('me@example.com');
  });

  const required = { code: 'VALIDATION_ERROR', message: 'email: Email is required' };
  it.each([
    [{ email: '' }, 400, required],
    [{ email: '   ' }, 400, required],
    [
      { email: 'not-an-email' },
      400,
      { code: 'VALIDATION_ERROR', message: 'email: Enter a valid email address' },
    ],
    [{ email: undefined }, 400, required],
    [
      { email: `${'a'.repeat(250)}@example.com` },
      400,
      { code: 'VALIDATION_ERROR', message: 'email: Email is too long' },
    ],
    [
      { stripeid: 'cus_someone_else' },
      403,
      { code: 'FORBIDDEN', message: 'You can only change the email of your own account' },
    ],
  ])('refuses %j and changes nothing', async (change, status, error) => {
    const { user, cookie } = await withUser();
    const response = await put(cookie, {
      userid: user.id,
      stripeid: user.stripeCustomerId,
      email: 'ok@example.com',
      ...change,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error });
    expect(await row(user.id)).toEqual(user);
  });

  it("refuses another user's account", async () => {
    const { cookie } = await withUser();
    const victim = await withUser();
    const response = await put(cookie, {
      userid: victim.user.id,
      stripeid: victim.user.stripeCustomerId,
      email: 'thief@example.com',
    });
    expect(response.statusCode).toBe(403);
    expect(await row(victim.user.id)).toEqual(victim.user);
  });

  it('refuses an oversize body with 413', async () => {
    const { user, cookie } = await withUser();
    const response = await put(cookie, {
      userid: user.id,
      email: 'x@example.com',
      padding: 'x'.repeat(300_000),
    });
    expect(response.statusCode).toBe(413);
    expect(await row(user.id)).toEqual(user);
  });
});

describe('POST /api/payment/user (admin look-up)', () => {
  it('returns the user with the password, refuses without it', async () => {
    const user = await t.createUser({ discordName: 'looked-up', email: 'l@example.com' });
    const call = (password: string, user_id = user.id) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment/user',
        headers: { cookie: admin.cookie },
        payload: { user_id, password },
      });
    expect((await call('wrong-password')).statusCode).toBe(403);
    expect((await call(TEST_ADMIN_PASSWORD, UNKNOWN)).statusCode).toBe(404);
    const ok = await call(TEST_ADMIN_PASSWORD);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      user_id: user.id,
      discordname: 'looked-up',
      email: 'l@example.com',
      role: 'user',
    });
  });
});

describe('POST /api/payment/delete_user', () => {
  const del = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payment/delete_user',
      headers: { cookie: admin.cookie },
      payload,
    });

  it('anonymises a user and ends their sessions with the password, and audits it', async () => {
    const user = await t.createUser({ discordName: 'to-delete' });
    const cookie = await t.sessionCookie(user.id);
    expect((await del({ user_id: user.id, password: 'wrong-password' })).statusCode).toBe(403);
    expect(await row(user.id)).toMatchObject({ discordName: 'to-delete' });

    const response = await del({ user_id: user.id, password: TEST_ADMIN_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(await row(user.id)).toMatchObject({ discordName: 'Deleted user', email: null });
    expect(await sessionsOf(t.database.db, user.id)).toEqual([]);
    expect((await t.app.inject({ url: '/api/auth/', headers: { cookie } })).statusCode).toBe(401);
    const audit = await latestAuditEntry(t.database.db);
    expect(audit).toMatchObject({ action: 'user.delete', actorId: admin.userId, targetId: user.id });
  });

  it('refuses unknown ids, missing passwords and deleting yourself', async () => {
    expect((await del({ user_id: UNKNOWN, password: TEST_ADMIN_PASSWORD })).statusCode).toBe(404);
    expect((await del({ user_id: UNKNOWN })).statusCode).toBe(400);
    expect((await del({ user_id: admin.userId, password: TEST_ADMIN_PASSWORD })).statusCode).toBe(400);
    expect((await row(admin.userId))?.discordName).not.toBe('Deleted user');
  });
});

describe('GET /api/config/public', () => {
  it('tells the web app its links and sign-in kind, nothing secret', async () => {
    const response = await t.app.inject('/api/config/public');
    expect(response.json()).toEqual({
      studioUrl: null,
      communityInviteUrl: null,
      discordLogin: false,
      discordChannelUrl: null,
    });
  });
});
