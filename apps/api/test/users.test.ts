import { findUserById } from '@app/db';
import { latestAuditEntry, ledgerEntriesOf } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, createTestApp, type TestContext } from './helpers.ts';

let t: TestContext;
let admin: { cookie: string; userId: string };
let member: { cookie: string; userId: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  member = await t.signIn('member');
});
afterAll(async () => t.close());

const row = async (id: string) => findUserById(t.database.db, id);
const lastAudit = async () => latestAuditEntry(t.database.db);
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('GET /api/users/:userId', () => {
  it('shows your own credits and subscription', async () => {
    const response = await t.app.inject({
      url: `/api/users/${member.userId}`,
      headers: { cookie: member.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ credits: 2500, subscription_status: 'Professional Plan' });
    expect(response.json().email).toBeUndefined();
  });

  it("refuses someone else's, and answers 404 to an admin for an unknown id", async () => {
    const other = await t.app.inject({
      url: `/api/users/${admin.userId}`,
      headers: { cookie: member.cookie },
    });
    expect(other.statusCode).toBe(403);
    const unknown = await t.app.inject({ url: `/api/users/${UNKNOWN}`, headers: { cookie: admin.cookie } });
    expect(unknown.statusCode).toBe(404);
    const notAnId = await t.app.inject({ url: '/api/users/nope', headers: { cookie: admin.cookie } });
    expect(notAnId.statusCode).toBe(404);
  });
});

describe('GET /api/users (admin search)', () => {
  it('finds users by part of the name, email or exact Discord id, paged', async () => {
    await t.createUser({ discordName: 'searchable-one', discordId: '998877', email: 'findme@example.com' });
    const byName = await t.app.inject({
      url: '/api/users?query=SEARCHABLE',
      headers: { cookie: admin.cookie },
    });
    expect(byName.json().users.map((u: { discordname: string }) => u.discordname)).toEqual([
      'searchable-one',
    ]);
    const byEmail = await t.app.inject({
      url: '/api/users?query=findme@',
      headers: { cookie: admin.cookie },
    });
    expect(byEmail.json().users).toHaveLength(1);
    const byDiscord = await t.app.inject({
      url: '/api/users?query=998877',
      headers: { cookie: admin.cookie },
    });
    expect(byDiscord.json().users[0]).toMatchObject({ discord_id: '998877', role: 'user' });
    const wildcard = await t.app.inject({ url: '/api/users?query=%25', headers: { cookie: admin.cookie } });
    expect(wildcard.json()).toEqual({ users: [], page: 1, hasMore: false });
  });

  it('refuses a bad page number', async () => {
    const response = await t.app.inject({ url: '/api/users?page=0', headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(400);
  });
});

describe('PATCH /api/users/:userId', () => {
  it('sets balances through the ledger, plan and name, and audits the change', async () => {
    const user = await t.createUser({ discordName: 'patch-me' });
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      headers: { cookie: admin.cookie },
      payload: {
        credits: 15000,
        hypercredits: 7,
        subscription_status: 'Founders Plan',
        discordName: 'patched',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      credits: 15000,
      hypercredits: 7,
      subscription_status: 'Founders Plan',
      discordname: 'patched',
    });
    const ledger = await ledgerEntriesOf(t.database.db, user.id);
    expect(ledger.map((entry) => [entry.currency, entry.delta]).sort()).toEqual([
      ['credits', 15000],
      ['hypercredits', 7],
    ]);
    // A second identical edit is a new change with its own key, not a duplicate.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      headers: { cookie: admin.cookie },
      payload: { credits: 10 },
    });
    expect((await row(user.id))!.credits).toBe(10);
    expect(await lastAudit()).toMatchObject({
      actorId: admin.userId,
      action: 'user.update',
      targetId: user.id,
    });
  });

  it.each([
    [{ subscription_status: 'Mega Plan' }, 'UNKNOWN_PLAN'],
    [{ credits: -1 }, 'VALIDATION_ERROR'],
    [{ credits: 1.5 }, 'VALIDATION_ERROR'],
    [{}, 'VALIDATION_ERROR'],
    [{ role: 'admin' }, 'VALIDATION_ERROR'],
  ])('refuses %j and changes nothing', async (payload, code) => {
    const user = await t.createUser({ discordName: 'bad-input', credits: 5 });
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      headers: { cookie: admin.cookie },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe(code);
    expect(await row(user.id)).toEqual(user);
  });

  it('answers 404 for an unknown user', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${UNKNOWN}`,
      headers: { cookie: admin.cookie },
      payload: { credits: 1 },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('roles', () => {
  it('grants admin by Discord id with the password, and audits it', async () => {
    const user = await t.createUser({ discordName: 'to-promote', discordId: '5550001' });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/users/admin-grant',
      headers: { cookie: admin.cookie },
      payload: { discordId: '5550001', role: 'admin', password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('WRONG_PASSWORD');
    expect((await row(user.id))!.role).toBe('user');

    const right = await t.app.inject({
      method: 'POST',
      url: '/api/users/admin-grant',
      headers: { cookie: admin.cookie },
      payload: { discordId: '5550001', role: 'admin', password: TEST_ADMIN_PASSWORD },
    });
    expect(right.statusCode).toBe(200);
    expect((await row(user.id))!.role).toBe('admin');
    expect(await lastAudit()).toMatchObject({ action: 'admin.grant', targetId: user.id });

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/users/admin-grant',
      headers: { cookie: admin.cookie },
      payload: { discordId: 'nobody', role: 'admin', password: TEST_ADMIN_PASSWORD },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('changes a role by user id with PUT /api/auth/authlevel, never your own', async () => {
    const user = await t.createUser({ discordName: 'level-up' });
    const put = (user_id: string, password = TEST_ADMIN_PASSWORD) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/auth/authlevel',
        headers: { cookie: admin.cookie },
        payload: { user_id, newAuthLevel: 'admin', password },
      });
    expect((await put(user.id, 'wrong-password')).statusCode).toBe(403);
    expect((await put(UNKNOWN)).statusCode).toBe(404);
    expect((await put(admin.userId)).statusCode).toBe(400);
    expect((await put(user.id)).statusCode).toBe(200);
    expect((await row(user.id))!.role).toBe('admin');
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/authlevel',
      headers: { cookie: admin.cookie },
      payload: { user_id: user.id, newAuthLevel: 'superuser', password: TEST_ADMIN_PASSWORD },
    });
    expect(bad.statusCode).toBe(400);
  });
});
