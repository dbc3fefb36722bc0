import { findUserByDiscordId } from '@app/db';
import { allUsers } from '@app/db/testing';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers.ts';

/**
 * The whole Discord flow against a local OAuth server on a free port, with Discord's paths:
 * /oauth2/authorize, /oauth2/token (which checks the PKCE verifier) and /users/@me.
 */
let oauth: OAuth2Server;
let t: TestContext;
let discordUser: Record<string, unknown>;

beforeAll(async () => {
  oauth = new OAuth2Server(undefined, undefined, {
    endpoints: { authorize: '/oauth2/authorize', token: '/oauth2/token', userinfo: '/users/@me' },
  });
  await oauth.issuer.keys.generate('RS256');
  await oauth.start(0, '127.0.0.1');
  oauth.service.on('beforeUserinfo', (response) => {
    response.body = discordUser;
  });
  const base = oauth.issuer.url!;
  t = await createTestApp({
    DISCORD_CLIENT_ID: 'client-123',
    DISCORD_CLIENT_SECRET: 'secret-456',
    DISCORD_API_URL: base,
    DISCORD_AUTHORIZE_URL: `${base}/oauth2/authorize`,
  });
});
afterAll(async () => {
  await t.close();
  await oauth.stop();
});
beforeEach(() => {
  discordUser = {
    id: '80351110224678912',
    username: 'nelly',
    global_name: 'Nelly',
    email: 'nelly@example.com',
    verified: true,
  };
});

/** Starts sign-in and lets the OAuth server answer: the callback URL (path + query) and cookie. */
async function startLogin() {
  const start = await t.app.inject('/api/auth/discord');
  expect(start.statusCode).toBe(302);
  const cookie = start.cookies.find((c) => c.name === 'discord_state')!;
  expect(cookie.httpOnly).toBe(true);
  const consent = await fetch(start.headers.location as string, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  return {
    authorizeUrl: new URL(start.headers.location as string),
    callback: `${back.pathname}${back.search}`,
    cookie: `discord_state=${cookie.value}`,
  };
}

const sessionOf = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.find((c) => c.name === 'sid' && c.value);

async function discordUsers(id: string) {
  const user = await findUserByDiscordId(t.database.db, id);
  return user ? [user] : [];
}

describe('Discord sign-in', () => {
  it('sends the browser to Discord with PKCE S256 and a state', async () => {
    const { authorizeUrl } = await startLogin();
    expect(authorizeUrl.pathname).toBe('/oauth2/authorize');
    expect(authorizeUrl.searchParams.get('client_id')).toBe('client-123');
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorizeUrl.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(authorizeUrl.searchParams.get('redirect_uri')).toMatch(/\/api\/auth\/discord\/callback$/);
  });

  it('creates one user and a session, then lands on the dashboard', async () => {
    const { callback, cookie } = await startLogin();
    const response = await t.app.inject({ url: callback, headers: { cookie } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/dashboard?v=3.1');
    const sid = sessionOf(response)!;
    expect(sid.value).toMatch(/^[\w-]{20,}/);

    const me = await t.app.inject({ url: '/api/auth/', headers: { cookie: `sid=${sid.value}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ discordname: 'Nelly', email: 'nelly@example.com' });
    expect(await discordUsers('80351110224678912')).toHaveLength(1);

    // Signing in again updates the same user (Discord name changed), never a second one.
    discordUser = { ...discordUser, global_name: null, username: 'nelly2' };
    const again = await startLogin();
    const second = await t.app.inject({ url: again.callback, headers: { cookie: again.cookie } });
    expect(second.headers.location).toBe('/dashboard?v=3.1');
    const rows = await discordUsers('80351110224678912');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.discordName).toBe('nelly2');
  });

  it('keeps the email empty when Discord has not verified it', async () => {
    discordUser = { id: '4242', username: 'unverified', email: 'x@example.com', verified: false };
    const { callback, cookie } = await startLogin();
    await t.app.inject({ url: callback, headers: { cookie } });
    const [row] = await discordUsers('4242');
    expect(row!.email).toBeNull();
  });

  it('refuses a callback without a state, signed out', async () => {
    const { callback, cookie } = await startLogin();
    const url = new URL(callback, 'http://x');
    url.searchParams.delete('state');
    const response = await t.app.inject({ url: `${url.pathname}${url.search}`, headers: { cookie } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/menu?error=discord_state&v=3.1');
    expect(sessionOf(response)).toBeUndefined();
  });

  it('refuses a wrong state and a state without its cookie', async () => {
    const first = await startLogin();
    const second = await startLogin();
    // The state of one attempt with the cookie of another (a forged callback link).
    const swapped = await t.app.inject({ url: first.callback, headers: { cookie: second.cookie } });
    expect(swapped.headers.location).toBe('/menu?error=discord_state&v=3.1');
    expect(sessionOf(swapped)).toBeUndefined();
    const noCookie = await t.app.inject({ url: second.callback });
    expect(noCookie.headers.location).toBe('/menu?error=discord_state&v=3.1');
    expect(sessionOf(noCookie)).toBeUndefined();
  });

  it('refuses a state used a second time', async () => {
    const { callback, cookie } = await startLogin();
    const first = await t.app.inject({ url: callback, headers: { cookie } });
    expect(first.headers.location).toBe('/dashboard?v=3.1');
    const replay = await t.app.inject({ url: callback, headers: { cookie } });
    expect(replay.headers.location).toBe('/menu?error=discord_state&v=3.1');
    expect(sessionOf(replay)).toBeUndefined();
  });

  it('returns to /menu signed out when the user denies consent', async () => {
    const before = (await allUsers(t.database.db)).length;
    oauth.service.once('beforeAuthorizeRedirect', ({ url }) => {
      url.searchParams.delete('code');
      url.searchParams.set('error', 'access_denied');
    });
    const { callback, cookie } = await startLogin();
    const signedIn = await t.createUser({ discordName: 'already-in' });
    const sid = await t.sessionCookie(signedIn.id);
    const response = await t.app.inject({ url: callback, headers: { cookie: `${cookie}; ${sid}` } });
    expect(response.headers.location).toBe('/menu?error=discord_denied&v=3.1');
    const me = await t.app.inject({ url: '/api/auth/', headers: { cookie: sid } });
    expect(me.statusCode).toBe(401);
    expect((await allUsers(t.database.db)).length).toBe(before + 1);
  });

  it('returns to /menu when Discord refuses the code', async () => {
    oauth.service.once('beforeResponse', (response) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant' };
    });
    const { callback, cookie } = await startLogin();
    const response = await t.app.inject({ url: callback, headers: { cookie } });
    expect(response.headers.location).toBe('/menu?error=discord_failed&v=3.1');
    expect(sessionOf(response)).toBeUndefined();
  });

  it('offers no local sign-in while Discord is configured', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      payload: { discordName: 'x1' },
    });
    expect(response.statusCode).toBe(404);
  });
});
