import {
  type UserRow,
  deleteSession,
  insertJob,
  insertTrainingLora,
  insertUpload,
  replaceJobMedia,
} from '@app/db';
import { recordsMentioning } from '@app/db/testing';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_ACCESS, type RouteAccess } from '../src/lib/authorization.ts';
import { hashSessionId } from '../src/plugins/session.ts';
import { TEST_ADMIN_PASSWORD, createTestApp, type TestContext } from './helpers.ts';

/**
 * The authorization walker. It takes every route the running API registered (whoever added it)
 * and calls each as anonymous, as user A aiming at B's records, as user B aiming at A's, and as an
 * admin. It fails when a route has no access marker, when an admin route serves a non-admin, or
 * when a call shows or changes the other user's records. Nothing here names a route: new routes
 * are walked as soon as they are registered.
 */

const CONFIGURATIONS: [string, Record<string, string>, { payments?: boolean }][] = [
  // With METRICS_TOKEN set, /metrics exists and must still refuse every session without the token.
  ['local sign-in', { METRICS_TOKEN: 'walker-metrics-token-0123456789' }, {}],
  // With a payment provider behind them, the payment calls run all the way to their ownership
  // checks and to Stripe, instead of answering 503.
  ['local sign-in with payments', {}, { payments: true }],
  [
    'Discord sign-in',
    {
      DISCORD_CLIENT_ID: 'walker-client',
      DISCORD_CLIENT_SECRET: 'walker-secret',
      DISCORD_API_URL: 'http://127.0.0.1:9/api',
      DISCORD_AUTHORIZE_URL: 'http://127.0.0.1:9/oauth2/authorize',
    },
    {},
  ],
];

interface Actor {
  user: UserRow;
  /** Strings that only this user's records contain. */
  secrets: string[];
}

const SKIPPED_METHODS = new Set(['HEAD', 'OPTIONS']);

function routeList(routes: RouteOptions[]) {
  return routes.flatMap((route) =>
    [route.method].flat().map((method) => ({ method, url: route.url, access: route.config?.access })),
  );
}

/** Every id-like field the wire contract names, pointing at the target's records. */
function payloadFor(route: RouteOptions, target: UserRow, password: string) {
  const pool: Record<string, unknown> = {
    user_id: target.id,
    userid: target.id,
    userId: target.id,
    id: target.id,
    stripeid: target.stripeCustomerId,
    stripeId: target.stripeCustomerId,
    stripeCustomerId: target.stripeCustomerId,
    customer_id: target.stripeCustomerId,
    customerId: target.stripeCustomerId,
    discordId: target.discordId,
    discordName: 'walker-renamed',
    email: 'walker@example.com',
    credits: 15000,
    hypercredits: 15000,
    subscription_status: 'Founders Plan',
    newAuthLevel: 'admin',
    role: 'admin',
    password,
    updateFields: { email: 'walker@example.com', credits: 15000, subscription_status: 'Founders Plan' },
    giftCode: 'WALKER-CODE',
    couponCode: 'WALKER',
    couponid: 'WALKER',
    subscriptionId: 'sub_walker',
    newsubscriptiontype: 'Founders Plan',
    purchaseType: 'Subscription',
    tierType: 'Founders Plan',
    recurringType: 'Monthly',
    requestId: '00000000-0000-4000-8000-000000000001',
    content: { changeTitle: 'walker', changeDate: '2026-01-01', changeText: '<p>walker</p>' },
  };
  // A route whose body schema lists its fields gets exactly those, so strict schemas let the call
  // reach the ownership checks instead of stopping at validation.
  const shape = (route.schema?.body as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (!shape) return pool;
  return Object.fromEntries(
    Object.keys(shape)
      .filter((key) => key in pool)
      .map((key) => [key, pool[key]]),
  );
}

function errorCode(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
}

/** Records of each user that routes name by their own ids (a private job, a LoRA, an upload). */
const ownedRecords = new Map<string, { job: string; lora: string; file: string }>();

/** Every id in the path points at the target's records: by the resource the path names, else the user. */
function idFor(url: string, name: string, target: UserRow) {
  if (/stripe|customer/i.test(name)) return target.stripeCustomerId ?? 'none';
  const owned = ownedRecords.get(target.id);
  if (owned && /\/jobs\/:/.test(url)) return owned.job;
  if (owned && /\/loras\/:/.test(url)) return owned.lora;
  return target.id;
}

function urlFor(route: RouteOptions, method: string, target: UserRow) {
  const path = route.url
    .replace(/:(\w+)/g, (_match, name: string) => idFor(route.url, name, target))
    .replace(
      /\*$/,
      route.url.startsWith('/media/') ? (ownedRecords.get(target.id)?.file ?? 'walker') : 'walker',
    );
  return method === 'GET' || method === 'DELETE'
    ? `${path}?query=${encodeURIComponent(target.discordName)}`
    : path;
}

/** A private finished job with an output, a LoRA and an upload, each mentioning only this user. */
async function ownRecords(t: TestContext, userId: string, secret: string) {
  const db = t.database.db;
  const job = (await insertJob(db, {
    userId,
    command: 'make',
    family: 'image',
    options: { prompt: secret },
    status: 'succeeded',
    public: false,
    source: 'walker',
    requestId: `walker-${userId}`,
  }))!;
  await replaceJobMedia(db, job.id, [
    { index: 0, kind: 'image', mime: 'image/png', bytes: 1, storageKey: `jobs/${job.id}/0-walker.png` },
  ]);
  const lora = (await insertTrainingLora(db, { userId, name: `lora-${userId.slice(0, 8)}`, jobId: job.id }))!;
  const file = `uploads/walker-${userId}.png`;
  await insertUpload(db, { userId, mime: 'image/png', size: 1, storageKey: file });
  await t.app.generation.storage.put(file, Buffer.from(secret), 'image/png');
  return { job: job.id, lora: lora.id, file };
}

describe.each(CONFIGURATIONS)('authorization walker (%s)', (_name, env, options) => {
  let t: TestContext;
  let a: Actor;
  let b: Actor;
  let admin: Actor;
  let bystander: UserRow;

  async function actor(name: string, role: 'user' | 'admin' = 'user'): Promise<Actor> {
    const tag = `${name}${Math.random().toString(36).slice(2, 8)}`;
    const user = await t.createUser({
      discordName: `walker-${tag}`,
      discordId: `disc-${tag}`,
      email: `${tag}@walker.example`,
      stripeCustomerId: t.billing
        ? (await t.billing.stripe.customers.create({ email: `${tag}@walker.example`, name: tag })).id
        : `cus_${tag}`,
      role,
      credits: 100,
      subscriptionStatus: 'Professional Plan',
    });
    const secret = `walker-secret-prompt-${tag}`;
    ownedRecords.set(user.id, await ownRecords(t, user.id, secret));
    return {
      user,
      secrets: [user.discordName, user.discordId!, user.email!, user.stripeCustomerId!, secret],
    };
  }

  /** Every row of every table (but the audit log) that mentions the user, in a stable order. */
  async function recordsOf(user: UserRow) {
    const needles = [user.id, user.discordId, user.stripeCustomerId].filter(Boolean) as string[];
    return recordsMentioning(t.database.db, needles, { exclude: ['audit_log'] });
  }

  async function call(
    route: RouteOptions,
    method: string,
    caller: UserRow | null,
    target: UserRow,
    password: string,
  ) {
    const cookie = caller ? await t.sessionCookie(caller.id) : undefined;
    const withBody = method !== 'GET' && method !== 'DELETE';
    const response = await t.app.inject({
      method: method as 'GET',
      url: urlFor(route, method, target),
      headers: cookie ? { cookie } : {},
      ...(withBody ? { payload: payloadFor(route, target, password) } : {}),
    });
    // Each call has a session of its own; it goes afterwards, so the walk's thousands of calls do
    // not pile up rows that every later look at the records has to read.
    if (cookie) await deleteSession(t.database.db, hashSessionId(cookie.slice(cookie.indexOf('=') + 1)));
    return response;
  }

  beforeAll(async () => {
    t = await createTestApp(env, options);
    a = await actor('a');
    b = await actor('b');
    admin = await actor('admin', 'admin');
    bystander = (await actor('c')).user;
  });
  afterAll(async () => t.close());

  it('finds routes, and every route declares its access', () => {
    const routes = routeList(t.routes);
    expect(routes.length).toBeGreaterThan(5);
    const unmarked = routes
      .filter((route) => !ROUTE_ACCESS.includes(route.access as RouteAccess))
      .map((route) => `${route.method} ${route.url}`);
    expect(unmarked, 'add config: { access } to these routes').toEqual([]);
  });

  it("lets no non-admin through an admin route, and no one at another user's records", async () => {
    const problems: string[] = [];
    for (const route of t.routes) {
      for (const method of [route.method].flat()) {
        if (SKIPPED_METHODS.has(method)) continue;
        const access = route.config?.access;
        const adminOnly = access === 'admin' || access === 'admin+password';
        const name = `${method} ${route.url} [${access}]`;

        // Anonymous, A at B, B at A: non-admins, each given the real admin password.
        const attempts: [string, UserRow | null, Actor][] = [
          ['anonymous', null, b],
          ['user A', a.user, b],
          ['user B', b.user, a],
        ];
        for (const [who, caller, target] of attempts) {
          const before = await recordsOf(target.user);
          const response = await call(route, method, caller, target.user, TEST_ADMIN_PASSWORD);
          const after = await recordsOf(target.user);
          const status = response.statusCode;
          // 503 is a deliberate "not configured here" (payments without Stripe); 500 is a crash.
          if (status === 500) problems.push(`${name}: ${who} got ${status}`);
          if (adminOnly && status !== (caller ? 403 : 401))
            problems.push(`${name}: admin route answered ${status} to ${who}`);
          if (access === 'user' && !caller && status !== 401)
            problems.push(`${name}: user route answered ${status} to anonymous`);
          if (access === 'metrics-token' && status !== 401 && status !== 404)
            problems.push(`${name}: metrics route answered ${status} to ${who} without its token`);
          if (JSON.stringify(after) !== JSON.stringify(before))
            problems.push(`${name}: ${who} changed the other user's records`);
          const leaked = target.secrets.filter((secret) => response.body.includes(secret));
          if (leaked.length) problems.push(`${name}: ${who} saw the other user's ${leaked.join(', ')}`);
        }

        // The admin passes the guard (a wrong password may still stop a destructive call).
        const response = await call(route, method, admin.user, bystander, 'wrong-admin-password');
        const code = errorCode(response.body);
        if (response.statusCode === 500) problems.push(`${name}: admin got 500`);
        if (access === 'metrics-token' && response.statusCode !== 401 && response.statusCode !== 404)
          problems.push(
            `${name}: metrics route answered ${response.statusCode} to an admin without its token`,
          );
        if (adminOnly && (response.statusCode === 401 || code === 'FORBIDDEN'))
          problems.push(`${name}: admin route refused the admin (${response.statusCode} ${code})`);
        // A call that needs the admin password is refused without it, even to an admin.
        if (access === 'admin+password' && code !== 'WRONG_PASSWORD')
          problems.push(`${name}: served an admin with the wrong password (${response.statusCode} ${code})`);
      }
    }
    expect(problems).toEqual([]);
    // It walks every route four times over: its limit grows with the routes, not with a guess of speed.
  }, 180_000);
});
