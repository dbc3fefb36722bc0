import { createHash, randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import {
  type Db,
  type UserRow,
  createSession,
  createSessionReader,
  deleteSession,
  extendSession,
} from '@app/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/errors.ts';

export const SESSION_COOKIE = 'sid';
const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most once a day, not on every request. */
const SESSION_REFRESH_MS = 24 * 60 * 60 * 1000;

export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('hex');

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, loaded once per request; null when signed out. */
    currentUser(): Promise<UserRow | null>;
    /** The signed-in user, or 401. */
    requireUser(): Promise<UserRow>;
  }
  interface FastifyReply {
    /** Starts a new session for the user, replacing any session the browser had. */
    startSession(userId: string): Promise<void>;
    endSession(): Promise<void>;
  }
}

export interface SessionOptions {
  db: Db;
  secureCookies: boolean;
}

export const sessionPlugin = fp(async (app: FastifyInstance, { db, secureCookies }: SessionOptions) => {
  await app.register(cookie);
  const reader = createSessionReader(db);
  const cache = new WeakMap<FastifyRequest, Promise<UserRow | null>>();

  async function load(request: FastifyRequest): Promise<UserRow | null> {
    const id = request.cookies[SESSION_COOKIE];
    if (!id || id.length > 100) return null;
    const now = new Date();
    const idHash = hashSessionId(id);
    const row = await reader.find(idHash);
    if (!row) return null;
    if (row.expiresAt.getTime() - now.getTime() < SESSION_TTL_MS - SESSION_REFRESH_MS) {
      await extendSession(db, idHash, new Date(now.getTime() + SESSION_TTL_MS));
    }
    return row.user;
  }

  app.decorateRequest('currentUser', function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      pending = load(this);
      cache.set(this, pending);
    }
    return pending;
  });
  app.decorateRequest('requireUser', async function (this: FastifyRequest) {
    const user = await this.currentUser();
    if (!user) throw unauthorized();
    return user;
  });

  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies } as const;

  app.decorateReply('startSession', async function (this: FastifyReply, userId: string) {
    const previous = this.request.cookies[SESSION_COOKIE];
    if (previous) await deleteSession(db, hashSessionId(previous));
    const id = randomBytes(32).toString('base64url');
    await createSession(db, {
      idHash: hashSessionId(id),
      userId,
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    });
    this.setCookie(SESSION_COOKIE, id, { ...cookieOptions, maxAge: SESSION_TTL_MS / 1000 });
  });
  app.decorateReply('endSession', async function (this: FastifyReply) {
    const id = this.request.cookies[SESSION_COOKIE];
    if (id) await deleteSession(db, hashSessionId(id));
    this.clearCookie(SESSION_COOKIE, cookieOptions);
  });
});
