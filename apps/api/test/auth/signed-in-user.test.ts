import { createSession, createUser } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enforceRouteAccess } from '../../src/lib/authorization.ts';
import { SESSION_TTL_MS, hashSessionId, sessionPlugin } from '../../src/plugins/session.ts';

// The session plugin and the access guards alone, on routes of the test's own: what a handler
// reads of the signed-in user, with sessions remembered (cacheMs) and without.
type Database = Awaited<ReturnType<typeof createTestDatabase>>;
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

/** What a handler saw when it read `request.user`: the user's name, or the error it threw. */
function readUser(request: FastifyRequest) {
  try {
    return { name: request.user.discordName };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

async function appWith(cacheMs: number): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(sessionPlugin, { database, secureCookies: false, cacheMs });
  enforceRouteAccess(app, { adminPassword: 'unused' });
  // Before its lookup, and after it when nobody is signed in.
  app.get('/public', { config: { access: 'public' } }, async (request) => {
    const before = readUser(request);
    await request.currentUser();
    return { before, after: readUser(request) };
  });
  app.get('/member', { config: { access: 'user' } }, (request) => readUser(request));
  app.get('/admin', { config: { access: 'admin' } }, (request) => readUser(request));
  app.get('/rename', { config: { access: 'user' } }, (request) => {
    try {
      (request.user as { discordName: string }).discordName = 'changed by a handler';
      return { changed: true };
    } catch {
      return { changed: false };
    }
  });
  await app.ready();
  return app;
}

async function signedIn(name: string) {
  const user = await createUser(database.db, { discordName: name, discordId: `${name}-${Date.now()}` });
  const id = randomBytes(32).toString('base64url');
  await createSession(database.db, {
    idHash: hashSessionId(id),
    userId: user.id,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return `sid=${id}`;
}

describe.each([
  ['remembered for a minute', 60_000],
  ['read from PostgreSQL every time', 0],
])('request.user, sessions %s', (_, cacheMs) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith(cacheMs);
  });
  afterAll(async () => app.close());
  const get = async (url: string, cookie: string) =>
    (await app.inject({ url, headers: { cookie } })).json<Record<string, unknown>>();

  it('is the signed-in user on a guarded route, on every request of a session', async () => {
    const cookie = await signedIn(`reader-${cacheMs}`);
    for (let request = 0; request < 3; request++)
      expect(await get('/member', cookie)).toEqual({ name: `reader-${cacheMs}` });
  });

  it('throws on a route that does not require a signed-in user until its lookup found one', async () => {
    const error = 'No signed-in user is known here: request.user is read on routes that require one';
    const cookie = await signedIn(`public-${cacheMs}`);
    expect(await get('/public', cookie)).toEqual({
      before: { error },
      after: { name: `public-${cacheMs}` },
    });
    expect(await get('/public', 'sid=unknown')).toEqual({ before: { error }, after: { error } });
  });

  it('is not reached by a member on an admin route, nor by anyone signed out', async () => {
    const cookie = await signedIn(`member-${cacheMs}`);
    expect((await app.inject({ url: '/admin', headers: { cookie } })).statusCode).toBe(403);
    expect((await app.inject({ url: '/member' })).statusCode).toBe(401);
  });

  it('cannot be changed by a handler: the next request sees the user as stored', async () => {
    const cookie = await signedIn(`frozen-${cacheMs}`);
    expect(await get('/rename', cookie)).toEqual({ changed: false });
    expect(await get('/member', cookie)).toEqual({ name: `frozen-${cacheMs}` });
  });
});
