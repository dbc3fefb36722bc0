import { type Database, findUserByDiscordId, getJob, listJobs } from '@app/db';
import { createTestDatabase, ledgerEntriesByKey } from '@app/db/testing';
import { CREDIT_PACKAGES } from '@app/domain';
import { type A1111StandIn, startA1111StandIn } from '@app/generation/stand-ins/a1111';
import { startS3StandIn } from '@app/generation/stand-ins/s3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerAgeAsAdult } from '../helpers.ts';
import { textOf } from '../discord/harness.ts';
import { bucketHolds, channelMessages, halfSentRequest, pickDiscordUser } from './journey.ts';
import {
  type Proc,
  ROOT,
  cleanUp,
  freePort,
  printedKeys,
  runToEnd,
  startApi,
  startProcess,
  tempFolder,
  until,
  waitForOutput,
} from './stack.ts';

/**
 * The production rehearsal: the build laid out as a production install (the script the
 * Dockerfile runs), then Stripe and Discord as their standalone emulators, two API processes and
 * one `npm run worker` with production settings only, S3 and A1111 on stand-ins, all on one
 * PostgreSQL database. It drives what an operator and a customer do, end to end.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const WORKER_DEADLINE_SECONDS = 20;
const API_DEADLINE_SECONDS = 10;
const MEMBER = '100000000000000002'; // the Discord emulator's seeded user "member"
const IMAGE_CHANNEL = '100000000000000200'; // its channel #image-1
const pack = CREDIT_PACKAGES.find((p) => p.name === 'Starter Pack')!;

describe.skipIf(!databaseUrl)('the production build, rehearsed (needs TEST_DATABASE_URL)', () => {
  let database: Database & { url?: string };
  let a1111: A1111StandIn;
  let s3: Awaited<ReturnType<typeof startS3StandIn>>;
  let install: string;
  let env: Record<string, string>;
  let stripe: Record<string, string>;
  let discord: Record<string, string>;
  let apis: { proc: Proc; url: string }[];
  let worker: Proc;
  let syncOutput: string;
  let session: string;
  const secrets: string[] = [];

  beforeAll(async () => {
    const node = process.execPath;
    // The build `npm test` made at its start, unless a source is newer (then it is built again).
    await runToEnd('build', node, ['scripts/ensure-build.mjs'], { cwd: ROOT, env: {} });
    install = tempFolder('production-install-');
    await runToEnd('install', node, ['scripts/production-install.mjs', install], { cwd: ROOT, env: {} });

    database = await createTestDatabase();
    a1111 = await startA1111StandIn();
    s3 = await startS3StandIn();
    const [portA, portB, stripePort, discordPort] = (await Promise.all(
      [1, 2, 3, 4].map(() => freePort()),
    )) as [number, number, number, number];
    const publicUrl = `http://127.0.0.1:${portA}`;

    const stripeProc = startProcess(
      'stripe',
      'npm',
      [
        'run',
        'stripe-emulator',
        '--',
        '--port',
        String(stripePort),
        '--webhook-url',
        `${publicUrl}/api/payment/webhook`,
      ],
      { cwd: ROOT, env: {} },
    );
    const discordProc = startProcess(
      'discord',
      'npm',
      [
        'run',
        'discord-emulator',
        '--',
        '--port',
        String(discordPort),
        '--interactions-url',
        `http://127.0.0.1:${portB}/api/discord/interactions`,
      ],
      { cwd: ROOT, env: {} },
    );
    await waitForOutput(stripeProc, /STRIPE_WEBHOOK_SECRET: \S+\n/);
    await waitForOutput(discordProc, /DISCORD_AUTHORIZE_URL: \S+\n/);
    stripe = printedKeys(stripeProc.output());
    discord = printedKeys(discordProc.output());

    env = {
      NODE_ENV: 'production',
      PUBLIC_URL: publicUrl,
      DATABASE_URL: database.url!,
      ADMIN_PASSWORD: 'rehearsal-admin-password-7d1c',
      DISCORD_CLIENT_ID: discord.DISCORD_CLIENT_ID!,
      DISCORD_CLIENT_SECRET: discord.DISCORD_CLIENT_SECRET!,
      DISCORD_API_URL: discord['REST API']!,
      DISCORD_AUTHORIZE_URL: discord.DISCORD_AUTHORIZE_URL!,
      DISCORD_APPLICATION_ID: discord.DISCORD_APPLICATION_ID!,
      DISCORD_PUBLIC_KEY: discord.DISCORD_PUBLIC_KEY!,
      DISCORD_BOT_TOKEN: discord.DISCORD_BOT_TOKEN!,
      STRIPE_SECRET_KEY: stripe.STRIPE_SECRET_KEY!,
      STRIPE_PUBLISHABLE_KEY: stripe.STRIPE_PUBLISHABLE_KEY!,
      STRIPE_WEBHOOK_SECRET: stripe.STRIPE_WEBHOOK_SECRET!,
      STRIPE_API_URL: stripe.URL!,
      ...s3.env,
      GENERATION_BACKENDS: `image=a1111:${a1111.url}`,
      WORKER_IN_PROCESS: 'false',
      DATA_DIR: tempFolder('production-data-'),
    };
    secrets.push(
      env.ADMIN_PASSWORD!,
      env.DISCORD_CLIENT_SECRET!,
      env.DISCORD_BOT_TOKEN!,
      env.STRIPE_SECRET_KEY!,
      env.STRIPE_WEBHOOK_SECRET!,
    );

    // As the deploy steps of docs/operations.md: sync the catalog, then start the processes.
    syncOutput = await runToEnd('stripe:sync', 'npm', ['run', 'stripe:sync'], { cwd: install, env });
    apis = await Promise.all([
      startApi('api-a', install, portA, { ...env, SHUTDOWN_DEADLINE_SECONDS: String(API_DEADLINE_SECONDS) }),
      startApi('api-b', install, portB, env),
    ]);
    worker = startProcess('worker', 'npm', ['run', 'worker'], {
      cwd: install,
      env: { ...env, SHUTDOWN_DEADLINE_SECONDS: String(WORKER_DEADLINE_SECONDS) },
    });
    await waitForOutput(worker, /worker running/);
  }, 600_000);

  afterAll(async () => {
    await cleanUp();
    await database?.close();
    await a1111?.close();
    await s3?.close();
  });

  it('runs production only: no local sign-in, no emulator routes, no test control', async () => {
    const [a] = apis;
    expect(syncOutput).toMatch(/Created prices: .*credits_starter/);
    const local = await fetch(`${a!.url}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ discordName: 'sneaky' }),
    });
    expect(local.status).toBe(404);
    // Unknown pages get the app's shell (the browser's router shows "not found"); nothing answers
    // as an emulator or as test control, and calls to them are 404.
    const stripeAuth = { authorization: `Bearer ${env.STRIPE_SECRET_KEY}` };
    for (const path of [
      '/_stripe/v1/prices',
      '/_discord/app',
      '/_discord/api/v10/users/@me',
      '/_test/users',
    ]) {
      const read = await fetch(`${a!.url}${path}`, { headers: stripeAuth });
      expect(read.headers.get('content-type'), path).not.toMatch(/json/);
      expect(await read.text(), path).not.toMatch(/"object":\s*"list"|"users":|"bot":/);
      const call = await fetch(`${a!.url}${path}`, { method: 'POST', headers: stripeAuth });
      expect(call.status, path).toBe(404);
    }
  });

  it('signs in with Discord through its consent page and PKCE, with Secure cookies, on either API', async () => {
    const [a, b] = apis;
    const start = await fetch(`${a!.url}/api/auth/discord`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const stateCookie = start.headers.getSetCookie().find((line) => line.startsWith('discord_state='))!;
    expect(stateCookie).toMatch(/;\s*Secure/i);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.href.startsWith(env.DISCORD_AUTHORIZE_URL!)).toBe(true);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect((await fetch(authorize)).status).toBe(200); // the consent page

    const form = new URLSearchParams(authorize.searchParams);
    form.set('user_id', MEMBER);
    form.set('decision', 'authorize');
    const consent = await fetch(`${discord.URL}/oauth2/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      redirect: 'manual',
    });
    const callback = new URL(consent.headers.get('location')!);
    expect(callback.pathname).toBe('/api/auth/discord/callback');
    // The load balancer sends the browser back to the other API process.
    const back = await fetch(`${b!.url}${callback.pathname}${callback.search}`, {
      headers: { cookie: stateCookie.split(';')[0]! },
      redirect: 'manual',
    });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toMatch(/^\/dashboard/);
    const sid = back.headers.getSetCookie().find((line) => line.startsWith('sid='))!;
    expect(sid).toMatch(/;\s*Secure/i);
    expect(sid).toMatch(/;\s*HttpOnly/i);
    session = sid.split(';')[0]!;
    secrets.push(session.slice('sid='.length));
    const me = await fetch(`${a!.url}/api/auth/`, { headers: { cookie: session } });
    expect(me.status).toBe(200);
    expect(JSON.stringify(await me.json())).toMatch(/member/i);
  });

  it('buys a credit package with the test card through Stripe; the webhook reaches the API', async () => {
    const [a] = apis;
    const user = (await findUserByDiscordId(database.db, MEMBER))!;
    const before = user.credits;
    const post = (path: string, body: unknown) =>
      fetch(`${a!.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: session, origin: env.PUBLIC_URL! },
        body: JSON.stringify(body),
      });
    const intent = (await (
      await post('/api/payment/create-payment-intent', { purchaseType: 'Credits', tierType: pack.name })
    ).json()) as { id: string };
    const config = (await (
      await fetch(`${a!.url}/api/payment/config`, { headers: { cookie: session } })
    ).json()) as {
      publishableKey: string;
    };
    // What the card field does in the browser: Stripe's API called with the publishable key.
    const method = (await (
      await fetch(`${stripe.URL}/v1/payment_methods`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${config.publishableKey}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          type: 'card',
          'card[number]': '4242424242424242',
          'card[exp_month]': '12',
          'card[exp_year]': '2040',
          'card[cvc]': '123',
        }),
      })
    ).json()) as { id: string };
    const paid = await post('/api/payment/process_single', {
      paymentIntentId: intent.id,
      paymentMethodId: method.id,
    });
    expect(await paid.json()).toMatchObject({ status: 'succeeded' });
    expect((await findUserByDiscordId(database.db, MEMBER))!.credits).toBe(before + pack.credits);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const delivered = await until(async () => {
        const { rows } = await client.query<{ status: string }>(
          "select status from webhook_events where type = 'payment_intent.succeeded'",
        );
        return rows.length > 0 && rows.every((row) => row.status === 'done') && rows;
      }, 30_000);
      expect(delivered.map((row) => row.status)).toEqual(['done']);
    } finally {
      await client.end();
    }
    expect((await findUserByDiscordId(database.db, MEMBER))!.credits).toBe(before + pack.credits);
  });

  it('posts a signed /make with its image from S3 once, though the worker is stopped mid-job', async () => {
    const register = await runToEnd('discord:register', 'npm', ['run', 'discord:register'], {
      cwd: install,
      env,
    });
    expect(register).toMatch(/Registered \d+ commands: .*\/make/);
    const user = (await findUserByDiscordId(database.db, MEMBER))!;
    // The age question of the first studio visit, answered as an adult.
    await answerAgeAsAdult(database.db, user.id);
    a1111.generationMs = 4_000;

    // The person types /make in the channel page; Discord signs the interaction and posts it.
    const cookie = await pickDiscordUser(discord.URL!, MEMBER);
    const sent = await fetch(`${discord.URL}/app/api/channels/${IMAGE_CHANNEL}/commands`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ command: 'make', options: { prompt: 'a lighthouse at dusk' } }),
    });
    expect(await sent.json()).toMatchObject({ ok: true });
    const job = await until(async () => {
      const [row] = await listJobs(database.db, { userId: user.id, limit: 5 });
      return row?.status === 'running' && row;
    }, 60_000);

    const stoppedAt = Date.now();
    worker.child.kill('SIGTERM');
    const exit = await worker.exited;
    const seconds = (Date.now() - stoppedAt) / 1000;
    expect(exit.code, worker.output().slice(-2000)).toBe(0);
    expect(seconds).toBeLessThan(WORKER_DEADLINE_SECONDS);

    const ended = (await getJob(database.db, job.id))!;
    expect(ended).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(await ledgerEntriesByKey(database.db, `job:discord:${ended.requestId}`)).toHaveLength(1);

    const messages = await until(async () => {
      const list = await channelMessages(discord.URL!, IMAGE_CHANNEL, cookie);
      const results = list.filter((m) => m.attachments.length > 0 && textOf(m).includes(`<@${MEMBER}>`));
      return results.length > 0 && results;
    }, 60_000);
    expect(messages).toHaveLength(1);
    const posted = Buffer.from(
      await (await fetch(new URL(messages[0]!.attachments[0]!.url, discord.URL))).arrayBuffer(),
    );
    expect(posted.subarray(1, 4).toString()).toBe('PNG');
    expect(await bucketHolds(s3, `jobs/${job.id}/`, posted)).toBe(true);
  });

  it('stops an API on SIGTERM: no new connections, the request in flight answered, exit in time', async () => {
    const [a] = apis;
    const port = Number(new URL(a!.url).port);
    // A request whose body is still arriving when the signal comes.
    const slow = halfSentRequest(
      port,
      '/api/payment/verify_coupon',
      JSON.stringify({ couponid: 'NONE-SUCH' }),
      {
        cookie: session,
        origin: env.PUBLIC_URL!,
      },
    );
    // The server has read its headers (it answered "100 Continue").
    await slow.arrived;
    const stoppedAt = Date.now();
    a!.proc.child.kill('SIGTERM');
    await until(async () => (await fetch(`${a!.url}/api/health`).catch(() => null)) === null, 10_000);
    slow.finish();
    expect(await slow.status).toBe(200);
    const exit = await a!.proc.exited;
    expect(exit.code, a!.proc.output().slice(-2000)).toBe(0);
    expect((Date.now() - stoppedAt) / 1000).toBeLessThan(API_DEADLINE_SECONDS);
  });

  it('writes an access line for each request, as JSON on stdout, the way `npm start` logs', () => {
    // api-a has stopped (above), so every line it gathered is written.
    const lines = apis[0]!.proc
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'request');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines)
      expect(line).toMatchObject({
        level: 30,
        time: expect.any(Number),
        reqId: expect.any(String),
        method: expect.any(String),
        url: expect.any(String),
        statusCode: expect.any(Number),
        durationMs: expect.any(Number),
      });
    expect(lines.some((line) => typeof line.route === 'string')).toBe(true);
  });

  it('keeps every secret out of the logs', () => {
    for (const proc of [...apis.map((api) => api.proc), worker]) {
      for (const secret of secrets)
        expect(proc.output().includes(secret), `${proc.name} logged a secret`).toBe(false);
    }
  });
});
