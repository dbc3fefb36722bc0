import { deleteSessionsOfUser, setUserModeration } from '@app/db';
import { renameUserUnannounced } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, createTestApp, type TestContext } from '../helpers.ts';
import { createSessionCache } from '../../src/plugins/session-cache.ts';

// Sessions are remembered for a minute here: a session still answering after a change below is
// one served from memory, long before it would have lapsed by itself.
let t: TestContext;
let admin: { cookie: string; userId: string };
beforeAll(async () => {
  t = await createTestApp({ SESSION_CACHE_MS: '60000' });
  admin = await t.signIn('admin');
});
afterAll(async () => t.close());

const me = (cookie: string) => t.app.inject({ url: '/api/auth/', headers: { cookie } });

async function member(name: string) {
  const user = await t.createUser({ discordName: `${name}-${Math.random().toString(36).slice(2, 8)}` });
  const cookie = await t.sessionCookie(user.id);
  expect((await me(cookie)).statusCode).toBe(200);
  return { id: user.id, cookie };
}

/** Reads until the answer changes from `before`, for a change another process made (its NOTIFY is on its way). */
async function answerAfterNotice(cookie: string, before: number) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const status = (await me(cookie)).statusCode;
    if (status !== before) return status;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return before;
}

describe('the session cache', () => {
  it('answers a signed-in read from memory while nothing about the user changes', async () => {
    const { id, cookie } = await member('remembered');
    // A change no trigger announces (they are off for this one statement's transaction).
    await renameUserUnannounced(t.database.db, id, 'renamed quietly');
    expect((await me(cookie)).json().discordname).toMatch(/^remembered-/);
  });

  it('never answers a logged-out session from memory', async () => {
    const { cookie } = await member('leaving');
    const logout = await t.app.inject({
      url: '/api/auth/logout',
      headers: { cookie, accept: 'application/json' },
    });
    expect(logout.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('never answers a banned person from memory', async () => {
    const person = await member('banned');
    const moderator = await t.createUser({ discordName: 'moderator', role: 'admin', ageBand: '18+' });
    const ban = await t.app.inject({
      method: 'POST',
      url: '/api/admin/moderation/actions',
      headers: { cookie: await t.sessionCookie(moderator.id) },
      payload: { action: 'ban', userId: person.id, reason: 'abuse' },
    });
    expect(ban.statusCode).toBe(200);
    expect((await me(person.cookie)).statusCode).toBe(401);
  });

  it('answers a role change at once', async () => {
    const { id, cookie } = await member('promoted');
    const level = async () =>
      (await t.app.inject({ url: '/api/auth/authlevel', headers: { cookie } })).json().authLevel;
    expect(await level()).toBe('user');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/authlevel',
      headers: { cookie: admin.cookie },
      payload: { user_id: id, newAuthLevel: 'admin', password: TEST_ADMIN_PASSWORD },
    });
    expect(put.statusCode).toBe(200);
    expect(await level()).toBe('admin');
  });

  it("shows a job's hold at once and keeps remembering the member, while a member's call leaves others remembered", async () => {
    const maker = await t.createUser({ discordName: 'maker', credits: 20 });
    const cookie = await t.sessionCookie(maker.id);
    expect((await me(cookie)).json().credits).toBe(20);
    const other = await member('bystander');
    await renameUserUnannounced(t.database.db, other.id, 'bystander renamed quietly');
    await renameUserUnannounced(t.database.db, maker.id, 'maker renamed quietly');

    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: { cookie },
      payload: { command: 'make', options: { prompt: 'a red fox' } },
    });
    expect(submitted.statusCode).toBe(202);
    const after = (await me(cookie)).json();
    // The balance the hold left, from memory: the quiet rename is not seen, so the session was
    // updated in place rather than read again.
    expect(after.credits).toBe(20 - submitted.json().job.cost.credits);
    expect(after.discordname).toBe('maker');
    // Another member's session is still answered from memory after this member's call.
    expect((await me(other.cookie)).json().discordname).toMatch(/^bystander-/);
  });

  it("forgets the member whose own call failed, and everyone after an admin's call", async () => {
    const person = await member('refused');
    await renameUserUnannounced(t.database.db, person.id, 'refused renamed quietly');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: { cookie: person.cookie },
      payload: { command: 'nope', options: {} },
    });
    expect(refused.statusCode).toBe(400);
    expect((await me(person.cookie)).json().discordname).toBe('refused renamed quietly');

    const bystander = await member('bystander-admin');
    await renameUserUnannounced(t.database.db, bystander.id, 'seen after an admin call');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/authlevel',
      headers: { cookie: admin.cookie },
      payload: { user_id: person.id, newAuthLevel: 'user', password: TEST_ADMIN_PASSWORD },
    });
    expect(put.statusCode).toBe(200);
    expect((await me(bystander.cookie)).json().discordname).toBe('seen after an admin call');
  });

  it('forgets a session another process ended or a user another process banned', async () => {
    const signedOut = await member('elsewhere-out');
    await deleteSessionsOfUser(t.database.db, signedOut.id);
    expect(await answerAfterNotice(signedOut.cookie, 200)).toBe(401);

    const banned = await member('elsewhere-banned');
    await setUserModeration(t.database.db, banned.id, { bannedAt: new Date() });
    expect(await answerAfterNotice(banned.cookie, 200)).toBe(401);
  });
});

describe('createSessionCache', () => {
  const found = (userId: string) => ({
    user: { id: userId } as never,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  // A session's cookie and its hash differ: lookups go by the one, changes by the other.
  const cookieOf = (name: string) => `cookie-${name}`;
  const session = (name: string) => ({ idHash: name, cookie: cookieOf(name) });

  it('does not keep a lookup whose user was forgotten since it started', () => {
    const cache = createSessionCache(1000);
    const now = Date.now();
    const started = cache.generation();
    cache.forgetUser('u1');
    cache.remember(session('a'), found('u1'), started, now);
    expect(cache.find(cookieOf('a'), now)).toBeUndefined();
    cache.remember(session('a'), found('u1'), cache.generation(), now);
    expect(cache.find(cookieOf('a'), now)?.found.user.id).toBe('u1');
  });

  it('keeps a lookup when only other people changed meanwhile, not when its own user or session did', () => {
    const cache = createSessionCache(1000);
    const now = Date.now();
    const started = cache.generation();
    cache.setBalances('u2', { credits: 1, hypercredits: 0 });
    cache.forgetSession('other');
    cache.remember(session('a'), found('u1'), started, now);
    expect(cache.find(cookieOf('a'), now)?.found.user.id).toBe('u1');

    const again = cache.generation();
    cache.setBalances('u3', { credits: 1, hypercredits: 0 });
    cache.setBalances('u4', { credits: 1, hypercredits: 0 });
    cache.remember(session('b'), found('u4'), again, now);
    expect(cache.find(cookieOf('b'), now)).toBeUndefined();
    cache.forgetSession('c');
    cache.remember(session('c'), found('u5'), again, now);
    expect(cache.find(cookieOf('c'), now)).toBeUndefined();
    cache.forgetAll();
    cache.remember(session('d'), found('u6'), again, now);
    expect(cache.find(cookieOf('d'), now)).toBeUndefined();
  });

  it('does not keep a lookup older than every change it still knows of', () => {
    const cache = createSessionCache(1000);
    const now = Date.now();
    const started = cache.generation();
    for (let change = 0; change < 2000; change++) cache.forgetUser(`other-${change}`);
    cache.remember(session('a'), found('u1'), started, now);
    expect(cache.find(cookieOf('a'), now)).toBeUndefined();
    const recent = cache.generation();
    cache.forgetUser('other');
    cache.remember(session('a'), found('u1'), recent, now);
    expect(cache.find(cookieOf('a'), now)?.found.user.id).toBe('u1');
  });

  it('forgets by user, by session and after its time', () => {
    const cache = createSessionCache(1000);
    const now = Date.now();
    cache.remember(session('a'), found('u1'), cache.generation(), now);
    cache.remember(session('b'), found('u1'), cache.generation(), now);
    cache.remember(session('c'), found('u2'), cache.generation(), now);
    cache.forgetUser('u1');
    expect([cache.find(cookieOf('a'), now), cache.find(cookieOf('b'), now)]).toEqual([undefined, undefined]);
    expect(cache.find(cookieOf('c'), now)).toBeDefined();
    expect(cache.find(cookieOf('c'), now + 1000)).toBeUndefined();
    cache.remember(session('d'), found('u3'), cache.generation(), now);
    cache.forgetSession('d');
    expect(cache.find(cookieOf('d'), now)).toBeUndefined();
    cache.remember(session('e'), found('u4'), cache.generation(), now);
    expect(cache.find(cookieOf('e'), now)?.idHash).toBe('e');
    cache.forgetAll();
    expect(cache.find(cookieOf('e'), now)).toBeUndefined();
  });

  it('remembers nothing when turned off', () => {
    const cache = createSessionCache(0);
    cache.remember(session('a'), found('u1'), cache.generation(), Date.now());
    expect(cache.find(cookieOf('a'), Date.now())).toBeUndefined();
  });
});
