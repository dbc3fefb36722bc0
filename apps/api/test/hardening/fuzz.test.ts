import { storedRowsDigest } from '@app/db/testing';
import fc from 'fast-check';
import type { UserRow } from '@app/db';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, createTestApp, type TestContext } from '../helpers.ts';

/**
 * The input fuzzer. It walks every route the API registered (as the authorization walker does),
 * as an admin and as a user, and sends each one fields that break the rules: NUL characters, lone
 * surrogates, huge, negative and wrong-typed values, and prototype keys. No answer may be a 5xx,
 * and a refused call (4xx) may change nothing in any table.
 */

const SKIPPED_METHODS = new Set(['HEAD', 'OPTIONS']);
const RUNS_PER_PLACE = 2;

/** Valid values for the fields the wire contract names, aimed at the caller's own records. */
function validPool(target: UserRow): Record<string, unknown> {
  return {
    user_id: target.id,
    userid: target.id,
    userId: target.id,
    id: target.id,
    stripeid: target.stripeCustomerId,
    stripeId: target.stripeCustomerId,
    customer_id: target.stripeCustomerId,
    customerId: target.stripeCustomerId,
    discordName: 'fuzzed-name',
    email: 'fuzz@example.com',
    credits: 4321,
    hypercredits: 12,
    subscription_status: 'Founders Plan',
    password: TEST_ADMIN_PASSWORD,
    giftCode: 'FUZZ-CODE',
    couponCode: 'FUZZ',
    subscriptionId: 'sub_fuzz',
    paymentIntentId: 'pi_fuzz',
    name: 'Fuzz Person',
    changeTitle: 'Fuzzed entry',
    changeDate: '2026-01-01',
    changeText: '<p>fuzz</p>',
  };
}

/** The field names a route's body schema lists, else a few the wire contract uses. */
function fieldsOf(route: RouteOptions): string[] {
  const shape = (route.schema?.body as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : ['user_id', 'stripeId', 'discordName', 'email'];
}

const badString = fc.oneof(
  fc.string().map((text) => `${text}\u0000${text}`),
  fc.constantFrom('\uD800', 'a\uDC00b', 'name\uDBFF', '\uDFFF\uD800'),
  fc.constant('x'.repeat(100_000)),
);
const badValue = fc.oneof(
  { weight: 4, arbitrary: badString },
  fc.constantFrom(-1, -(2 ** 53), 2 ** 53, 1e308, 1.5, Number.MAX_SAFE_INTEGER),
  fc.constantFrom(null, true, [], {}, [1, 2], { nested: '\u0000' }),
);
const protoKey = fc.constantFrom('__proto__', 'constructor', 'prototype');

/**
 * A call that is valid but for one thing: one body field, the path, the query, or an extra
 * prototype key carries a bad value. So the bad value, not some other mistake, is what the
 * route meets.
 */
function callFor(route: RouteOptions, target: UserRow, where: string) {
  const fields = fieldsOf(route);
  const pool = validPool(target);
  return fc.record({ bad: badValue, badText: badString, key: protoKey }).map(({ bad, badText, key }) => {
    const body: Record<string, unknown> = Object.fromEntries(
      fields.filter((field) => field in pool).map((field) => [field, pool[field]]),
    );
    if (where.startsWith('field:')) body[where.slice(6)] = bad;
    let json = JSON.stringify(body);
    // Spliced in as text so "__proto__" reaches the server as a key, not as a prototype.
    if (where === 'proto')
      json = `{${JSON.stringify(key)}:{"role":"admin"}${json.length > 2 ? `,${json.slice(1)}` : '}'}`;
    const pathValue = where === 'path' ? badText : null;
    const query = where === 'query' ? badText : target.discordName;
    return { json, url: urlFor(route, target, pathValue, query) };
  });
}

/** Where one call puts its bad value: each body field, the path (when it has parameters), the query. */
function placesFor(route: RouteOptions, withBody: boolean): string[] {
  return [
    ...(withBody ? [...fieldsOf(route).map((field) => `field:${field}`), 'proto'] : []),
    ...(route.url.includes(':') || route.url.endsWith('*') ? ['path'] : []),
    'query',
  ];
}

/** Percent-encodes text, lone surrogates included (as the bytes WTF-8 gives them). */
function encodePart(text: string): string {
  return text.replace(/[\s\S]/g, (char) => {
    try {
      return encodeURIComponent(char);
    } catch {
      const unit = char.charCodeAt(0);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }
  });
}

function urlFor(route: RouteOptions, target: UserRow, pathValue: string | null, query: string) {
  const path = route.url
    .replace(/:(\w+)/g, (_match, name: string) =>
      pathValue !== null
        ? encodePart(pathValue.slice(0, 60))
        : /stripe|customer/i.test(name)
          ? (target.stripeCustomerId ?? 'none')
          : target.id,
    )
    .replace(/\*$/, 'fuzz');
  return `${path}?query=${encodePart(query.slice(0, 2000))}`;
}

function errorCode(body: string): unknown {
  try {
    return (JSON.parse(body) as { error?: { code?: unknown } }).error?.code;
  } catch {
    return undefined;
  }
}

describe('input fuzzer', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestApp({}, { payments: true });
  });

  /**
   * Fresh people for each route: the admin aims at a bystander's records, the user at their own.
   * Some routes sign out or delete; the next route starts over.
   */
  async function callersFor(tag: string): Promise<[string, string, UserRow][]> {
    const person = async (name: string, role: 'user' | 'admin' = 'user') =>
      t.createUser({
        discordName: `${name}-${tag}`,
        role,
        credits: 100,
        stripeCustomerId: (await t.billing!.stripe.customers.create({ email: `${name}-${tag}@fuzz.example` }))
          .id,
      });
    const [admin, user, bystander] = [
      await person('admin', 'admin'),
      await person('user'),
      await person('by'),
    ];
    return [
      ['admin', admin.id, bystander],
      ['user', user.id, user],
    ];
  }
  afterAll(async () => t.close());

  /** A digest of every stored row: what a refused call must leave as it was. */
  const snapshot = async () =>
    storedRowsDigest(t.database.db, { exclude: ['audit_log', 'rate_limits', 'sessions'] });
  /**
   * The digest taken after the last call, while only refused calls (and sessions, which the digest
   * leaves out) have come since: the next call's "before", without reading every row again.
   */
  let standing: string | undefined;

  it('answers no 5xx, and a refused call changes nothing', { timeout: 240_000 }, async () => {
    const problems: string[] = [];
    const routes = t.routes.filter((route) => !route.url.startsWith('/_'));
    for (const route of routes) {
      for (const method of [route.method].flat()) {
        if (SKIPPED_METHODS.has(method)) continue;
        const withBody = method !== 'GET' && method !== 'DELETE';
        const adminOnly = String(route.config?.access).startsWith('admin');
        const callers = await callersFor(`${routes.indexOf(route)}${method}`.toLowerCase());
        standing = undefined;
        for (const [who, callerId, target] of callers) {
          // A user is refused an admin route before any input is read (the walker checks that).
          if (adminOnly && who !== 'admin') continue;
          for (const where of placesFor(route, withBody)) {
            await fc.assert(
              fc.asyncProperty(callFor(route, target, where), async ({ json, url }) => {
                const cookie = await t.sessionCookie(callerId);
                const before = standing ?? (await snapshot());
                standing = undefined;
                const response = await t.app.inject({
                  method: method as 'POST',
                  url,
                  headers: { cookie, ...(withBody && { 'content-type': 'application/json' }) },
                  ...(withBody && { payload: json }),
                });
                const name = `${method} ${route.url} as ${who}, bad ${where}`;
                // 503 is the deliberate "the web app is not built" of page routes in tests.
                if (response.statusCode >= 500 && response.statusCode !== 503)
                  problems.push(
                    `${name}: ${response.statusCode} for ${url.slice(0, 100)} ${json.slice(0, 200)}`,
                  );
                if (response.statusCode >= 400 && response.statusCode < 500) {
                  // Pages (a creation's page) answer a browser with the app's own 404 page.
                  const isPage = String(response.headers['content-type']).startsWith('text/html');
                  if (!isPage && typeof errorCode(response.body) !== 'string')
                    problems.push(
                      `${name}: ${response.statusCode} without the error shape: ${response.body}`,
                    );
                  standing = await snapshot();
                  if (standing !== before)
                    problems.push(`${name}: refused (${response.statusCode}) but changed stored rows`);
                }
              }),
              { numRuns: RUNS_PER_PLACE, seed: 20261122 },
            );
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
