import { createHash, timingSafeEqual } from 'node:crypto';
import type { UserRow } from '@app/db';
import type { FastifyInstance, onRequestHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import { AppError, forbidden, unauthorized } from './errors.ts';

/*
 * Every authorization decision of the API lives here, in two parts.
 *
 * Who may call a route: every route declares one marker in `config: { access }`:
 *   'public'          anyone, signed in or not (the sign-in flow, health, catalog, config);
 *   'user'            a signed-in user, acting only on their own records (checked with `mayActOn`);
 *   'admin'           a signed-in admin;
 *   'admin+password'  a signed-in admin whose call carries `password` equal to ADMIN_PASSWORD
 *                     (destructive calls);
 *   'webhook'         another service, proven by a signature the handler verifies;
 *   'metrics-token'   a metrics scraper sending `Authorization: Bearer METRICS_TOKEN`; without the
 *                     setting the route answers 404, as if it did not exist.
 * The onRoute hook below turns each marker into its guard as the route is registered, so the
 * marker the authorization test reads (apps/api/test/authorization.test.ts walks every registered
 * route, including ones added later) is the rule the server applies.
 *
 * What a caller may act on: `mayActOn` decides whether the signed-in user may act on a record
 * named by user id, payment customer id or Discord id: their own, or anyone's for admins.
 */

export const ROUTE_ACCESS = [
  'public',
  'user',
  'admin',
  'admin+password',
  'webhook',
  'metrics-token',
] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/** Whose record an id names: a user id, a payment customer id or a Discord id. */
export type OwnedRecord =
  { userId: string } | { customerId: string | null | undefined } | { discordId: string | null | undefined };

function owns(user: UserRow, record: OwnedRecord): boolean {
  if ('userId' in record) return record.userId === user.id;
  if ('customerId' in record)
    return Boolean(record.customerId) && record.customerId === user.stripeCustomerId;
  return Boolean(record.discordId) && record.discordId === user.discordId;
}

/**
 * Whether the signed-in user may act on the record: their own always; anyone's when they are an
 * admin, unless the call is one only the owner may make (`ownerOnly`, e.g. changing one's email).
 */
export function mayActOn(user: UserRow, record: OwnedRecord, { ownerOnly = false } = {}): boolean {
  return owns(user, record) || (!ownerOnly && user.role === 'admin');
}

/** `mayActOn`, or 403 with the message. */
export function assertMayActOn(
  user: UserRow,
  record: OwnedRecord,
  message: string,
  options: { ownerOnly?: boolean } = {},
): void {
  if (!mayActOn(user, record, options)) throw forbidden(message);
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Destructive admin calls also carry ADMIN_PASSWORD. Both sides are hashed first so the comparison
 * takes the same time whatever the length or content of the guess.
 */
export function checkAdminPassword({ expected, given }: { expected: string; given: unknown }): void {
  if (typeof given !== 'string' || !timingSafeEqual(digest(expected), digest(given))) {
    throw new AppError('WRONG_PASSWORD', { status: 403, message: 'The admin password is not correct' });
  }
}

/**
 * A guard over the user's lookup, as a callback hook: no promise at all when the session is
 * remembered, and one less than an async hook awaiting the lookup when PostgreSQL is asked.
 */
function guard(refusal: (user: UserRow | null) => Error | undefined): onRequestHookHandler {
  return (request, _reply, done) => {
    const found = request.signedInUser();
    if (!(found instanceof Promise)) return done(refusal(found));
    found.then(
      (user) => done(refusal(user)),
      (error: unknown) => done(error as Error),
    );
  };
}

const requireUser = guard((user) => (user ? undefined : unauthorized()));
const requireAdmin = guard((user) =>
  !user ? unauthorized() : user.role === 'admin' ? undefined : forbidden('Admins only'),
);

/** The bearer token is compared like the admin password: hashed first, in constant time. */
export function checkMetricsToken({ expected, header }: { expected: string | undefined; header: unknown }) {
  if (!expected) throw new AppError('NOT_FOUND', { status: 404, message: 'Route not found' });
  const given = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!given || !timingSafeEqual(digest(expected), digest(given))) {
    throw new AppError('UNAUTHORIZED', { status: 401, message: 'A valid metrics token is required' });
  }
}

const hooks = <T>(existing: T | T[] | undefined): T[] =>
  existing ? (Array.isArray(existing) ? existing : [existing]) : [];

/**
 * Installs the guards of the access markers on every route registered after it. The role guard
 * runs first, before anything else; the password of 'admin+password' is checked once the body has
 * been validated, before the handler.
 */
export function enforceRouteAccess(
  app: FastifyInstance,
  { adminPassword, metricsToken }: { adminPassword: string; metricsToken?: string },
) {
  const checkToken: onRequestHookHandler = (request, _reply, done) => {
    try {
      checkMetricsToken({ expected: metricsToken, header: request.headers.authorization });
      done();
    } catch (error) {
      done(error as Error);
    }
  };
  const checkPassword: preHandlerAsyncHookHandler = async (request) => {
    checkAdminPassword({
      expected: adminPassword,
      given: (request.body as { password?: unknown })?.password,
    });
  };
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access === 'metrics-token') {
      route.onRequest = [checkToken, ...hooks(route.onRequest)];
      return;
    }
    const guard =
      access === 'admin' || access === 'admin+password'
        ? requireAdmin
        : access === 'user'
          ? requireUser
          : undefined;
    if (!guard) return;
    route.onRequest = [guard, ...hooks(route.onRequest)];
    if (access === 'admin+password') route.preHandler = [checkPassword, ...hooks(route.preHandler)];
  });
}
