import { hash, randomBytes } from 'node:crypto';
import {
  type Database,
  type Db,
  type SessionUser,
  USER_CHANGES_CHANNEL,
  type UserRow,
  createSession,
  createSessionReader,
  deleteSession,
  extendSession,
  findUserById,
} from '@app/db';
import { BANNED_TEXT, UNDER_13_TEXT } from '@app/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, unauthorized } from '../lib/errors.ts';
import { cookiesPlugin } from './cookies.ts';
import { onChangingRoutes } from '../lib/changing-routes.ts';
import { type SessionKey, createSessionCache } from './session-cache.ts';

export const SESSION_COOKIE = 'sid';
/** How long a session lasts from sign-in, and from each day's first use. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most once a day, not on every request. */
const SESSION_REFRESH_MS = 24 * 60 * 60 * 1000;

// The one-shot form: a Hash object per request was a visible share of a signed-in read.
export const hashSessionId = (id: string) => hash('sha256', id, 'hex');

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, loaded once per request; null when signed out. */
    currentUser(): Promise<UserRow | null>;
    /** `currentUser`, without a promise when the answer is known already (a session remembered). */
    signedInUser(): UserRow | null | Promise<UserRow | null>;
    /** The signed-in user, or 401. */
    requireUser(): Promise<UserRow>;
    /**
     * The signed-in user, without waiting: on a route whose access marker requires one ('user',
     * 'admin'), its guard found them before any handler runs. Elsewhere it throws until
     * `currentUser()` has found someone.
     */
    readonly user: UserRow;
    /**
     * This request changed nothing of the signed-in user but their balances, now these (none:
     * nothing at all): the session remembered stays, with them, instead of being forgotten.
     */
    changedOnlyBalances(balances?: Balances): void;
  }
  interface FastifyReply {
    /** Starts a new session for the user, replacing any session the browser had. */
    startSession(userId: string): Promise<void>;
    endSession(): Promise<void>;
  }
}

/** The request's lookup: not started (undefined), under way (a promise), or its answer. */
const kUser = Symbol('user');
/** Who the request found signed in, once its lookup ended. */
const kFound = Symbol('found');
const kBalances = Symbol('balances');
type Balances = Pick<UserRow, 'credits' | 'hypercredits'>;
type Found = UserRow | null | Promise<UserRow | null>;
type WithUser = FastifyRequest & {
  [kUser]: Found | undefined;
  [kFound]: Pick<UserRow, 'id' | 'role'> | null;
  [kBalances]: Balances | 'unchanged' | null;
};

function orUnauthorized(user: UserRow | null): UserRow {
  if (!user) throw unauthorized();
  return user;
}

/** Sign-in (local or Discord) is refused to a banned person and to one who said they are under 13. */
async function assertMaySignIn(db: Db, userId: string): Promise<void> {
  const user = await findUserById(db, userId);
  if (user?.bannedAt) {
    throw new AppError('BANNED', { status: 403, message: BANNED_TEXT.replace(' Nothing was charged.', '') });
  }
  if (user?.ageBand === 'under-13') throw new AppError('UNDER_13', { status: 403, message: UNDER_13_TEXT });
}

export interface SessionOptions {
  database: Pick<Database, 'db' | 'listen'>;
  secureCookies: boolean;
  /** How long a session found may answer again without PostgreSQL (`SESSION_CACHE_MS`); 0: never. */
  cacheMs: number;
}

export const sessionPlugin = fp(
  async (app: FastifyInstance, { database, secureCookies, cacheMs }: SessionOptions) => {
    const { db } = database;
    await app.register(cookiesPlugin);
    const reader = createSessionReader(db);
    const cache = createSessionCache(cacheMs);
    if (cache.enabled) {
      // Every process hears of a change to a user (but a balance alone) or the end of a session:
      // triggers announce both.
      const unlisten = await database.listen(USER_CHANGES_CHANNEL, (userId) => cache.forgetUser(userId));
      app.addHook('onClose', async () => unlisten());
      // A change made through this process is known here before its answer leaves, not a moment
      // later. A member's own call changes at most their own row; anyone else's (an admin's, a
      // webhook, a sign-in) may change anyone's. Only routes that take other methods than GET and
      // HEAD get the hook: a hook on every route is paid by every request.
      const forgetChanges: onSendHookHandler = (request, _reply, payload, done) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          const { [kFound]: found, [kBalances]: balances } = request as WithUser;
          if (!found || found.role === 'admin') cache.forgetAll();
          else if (balances === null) cache.forgetUser(found.id);
          else if (balances !== 'unchanged') cache.setBalances(found.id, balances);
        }
        done(null, payload);
      };
      onChangingRoutes(app, forgetChanges);
    }

    async function read(key: SessionKey) {
      const startedAt = cache.generation();
      const found = await reader.find(key.idHash);
      // Frozen: a remembered user is shared by the requests it answers, so none may change it for
      // the others (with the cache off too, so that a handler that tries fails in tests as well).
      if (found) {
        Object.freeze(found.user);
        cache.remember(key, found, startedAt, Date.now());
      }
      return found;
    }

    /**
     * Who is signed in: at once when the session is remembered and needs no write, otherwise once
     * PostgreSQL answered. A remembered session costs a signed-in request no promise at all.
     */
    function lookUp(request: FastifyRequest): Found {
      const cookie = request.cookies[SESSION_COOKIE];
      if (!cookie || cookie.length > 100) return null;
      const now = Date.now();
      const remembered = cache.find(cookie, now);
      if (remembered) return signedIn(request, remembered.idHash, remembered.found, now);
      const idHash = hashSessionId(cookie);
      return read({ cookie, idHash }).then((row) => signedIn(request, idHash, row, now));
    }

    function signedIn(
      request: FastifyRequest,
      idHash: string,
      row: SessionUser | undefined,
      now: number,
    ): Found {
      // A banned (or under-13) person's sessions end with the ban (or the answer); this refuses any left.
      if (!row || row.user.bannedAt || row.user.ageBand === 'under-13') return null;
      const { user } = row;
      (request as WithUser)[kFound] = user;
      if (row.expiresAt.getTime() - now >= SESSION_TTL_MS - SESSION_REFRESH_MS) return user;
      const expiresAt = new Date(now + SESSION_TTL_MS);
      return extendSession(db, idHash, expiresAt).then(() => {
        row.expiresAt = expiresAt;
        return user;
      });
    }

    // The lookup is kept on the request itself, so the guard and the handler share one.
    app.decorateRequest(kUser, undefined);
    app.decorateRequest(kFound, null);
    app.decorateRequest(kBalances, null);
    app.decorateRequest('changedOnlyBalances', function (this: FastifyRequest, balances?: Balances) {
      (this as WithUser)[kBalances] = balances ?? 'unchanged';
    });
    app.decorateRequest('signedInUser', function (this: FastifyRequest) {
      const request = this as WithUser;
      if (request[kUser] !== undefined) return request[kUser];
      const found = lookUp(request);
      request[kUser] = found;
      // Once the answer came, it is known at once to whoever asks next.
      if (found instanceof Promise)
        found.then(
          (user) => (request[kUser] = user),
          () => undefined,
        );
      return found;
    });
    app.decorateRequest('user', {
      getter(this: FastifyRequest) {
        const found = (this as WithUser)[kUser];
        if (found && !(found instanceof Promise)) return found;
        throw new Error('No signed-in user is known here: request.user is read on routes that require one');
      },
    });
    app.decorateRequest('currentUser', function (this: FastifyRequest) {
      const found = this.signedInUser();
      return found instanceof Promise ? found : Promise.resolve(found);
    });
    app.decorateRequest('requireUser', function (this: FastifyRequest) {
      const found = this.signedInUser();
      if (found instanceof Promise) return found.then(orUnauthorized);
      return found ? Promise.resolve(found) : Promise.reject(unauthorized());
    });

    const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies } as const;

    app.decorateReply('startSession', async function (this: FastifyReply, userId: string) {
      await assertMaySignIn(db, userId);
      const previous = this.request.cookies[SESSION_COOKIE];
      if (previous) {
        await deleteSession(db, hashSessionId(previous));
        cache.forgetSession(hashSessionId(previous));
      }
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
      if (id) {
        await deleteSession(db, hashSessionId(id));
        cache.forgetSession(hashSessionId(id));
      }
      this.clearCookie(SESSION_COOKIE, cookieOptions);
    });
  },
);
