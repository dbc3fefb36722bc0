import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createUser, findUserByDiscordId, getJob, grant } from '@app/db';
import {
  type PgProxy,
  type TestDatabase,
  balancesOffTheLedger,
  countJobsIn,
  createTestDatabase,
  discordDeliveryStates,
  jobOutcomes,
  ledgerEntriesByKeyPattern,
  startPgProxy,
  terminateOtherSessions,
} from '@app/db/testing';
import type { StartedDiscordEmulator } from '@app/discord-emulator';
import { CREDIT_PACKAGES } from '@app/domain';
import { type A1111StandIn, startA1111StandIn } from '@app/generation/stand-ins/a1111';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { createStripeSdk } from '../../src/modules/billing/stripe-client.ts';
import { generateSnowflake } from '../../src/modules/discord/local-discord-id.ts';
import { startDiscordForBotProcess } from '../discord/bot-process.ts';
import { textOf } from '../discord/harness.ts';
import { type Child, startApiProcess, startWorkerProcess, until } from '../jobs/processes.ts';
import { answerAgeAsAdult } from '../helpers.ts';

/*
 * The database goes away under mixed load: an API process and a separate worker reach PostgreSQL
 * through a proxy in this test, which cuts every connection and refuses new ones for 5 s, three
 * times; then every session of the test's database is ended with pg_terminate_backend, three
 * times. Meanwhile people submit jobs on the web, buy credits (the Stripe emulator's webhooks
 * included) and run /make through Discord. Afterwards no process has died, every job ended once,
 * every balance is its ledger's sum, every Discord result was posted once, and a new job runs
 * within 30 s. Needs real PostgreSQL. Deadline-bound (the 30 s), so in the `timing` project.
 */
const OUTAGE_MS = 5_000;
const CUTS = 3;
const pack = CREDIT_PACKAGES[0]!;

interface Answer {
  route: string;
  status: number;
  retryAfter: string | null;
  body: string;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('the database going away under load', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'database-chaos-'));
  let database: TestDatabase;
  let proxy: PgProxy;
  let a1111: A1111StandIn;
  let discord: StartedDiscordEmulator;
  let control: Awaited<ReturnType<typeof startDiscordForBotProcess>>['control'];
  let api: Child & { url: string };
  let worker: Child;
  let stripeConfig: { publishableKey: string; emulatorUrl: string };
  /** Every answer the API gave to the load: none may be a 500. */
  const answers: Answer[] = [];
  const discordPrompts: string[] = [];
  const webUsers: { cookie: string; userId: string }[] = [];
  let discordUser: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const direct = new URL(database.url!);
    proxy = await startPgProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    a1111 = await startA1111StandIn();
    // Long enough that cuts find jobs running on the host's slots.
    a1111.generationMs = 400;
    let botEnv: Record<string, string>;
    ({ discord, botEnv, control } = await startDiscordForBotProcess());
    const env = {
      ...botEnv,
      DATABASE_URL: proxy.urlFor(database.url!),
      DATA_DIR: dataDir,
      GENERATION_BACKENDS: `image=a1111:${a1111.url}#2`,
      WORKER_IN_PROCESS: 'false',
      QUEUE_SUPERVISE_SECONDS: '1',
      FLEET_PROBE_SECONDS: '1',
      MAX_ACTIVE_JOBS_PER_USER: '500',
      DISCORD_DELIVERY_LEASE_SECONDS: '5',
      RECONCILE_INTERVAL_SECONDS: '5',
      ADMIN_PASSWORD: 'database-chaos-admin',
    };
    api = await startApiProcess(env);
    discord.setInteractionsUrl(`${api.url}/api/discord/interactions`);
    worker = startWorkerProcess(env);
    stripeConfig = JSON.parse(await (await fetch(`${api.url}/api/payment/config`)).text());

    for (let i = 0; i < 3; i++) webUsers.push(await signIn(`chaos-web-${i}`));
    discordUser = generateSnowflake();
    const account = await createUser(database.db, {
      discordId: discordUser,
      discordName: 'chaos-discord',
      ageBand: '18+',
    });
    await grant(database.db, {
      userId: account.id,
      currency: 'credits',
      amount: 100_000,
      reason: 'test',
      idempotencyKey: `test:${account.id}`,
    });
    await control('POST', '/users', { id: discordUser, username: 'chaos-discord' });
    // Everything answers before the first cut: a job runs end to end.
    const first = await submit(webUsers[0]!, 'before any cut');
    await until(async () => (await jobStatus(first)) === 'succeeded', 60_000);
  }, 180_000);

  afterAll(async () => {
    await worker?.kill('SIGTERM');
    await api?.kill('SIGTERM');
    await discord?.close();
    await a1111?.close();
    await proxy?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function signIn(discordName: string) {
    const response = await fetch(`${api.url}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ discordName }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .find((line) => line.startsWith('sid='))!
      .split(';')[0]!;
    const userId = ((await response.json()) as { user_id: string }).user_id;
    await answerAgeAsAdult(database.db, userId);
    await grant(database.db, {
      userId,
      currency: 'credits',
      amount: 100_000,
      reason: 'test',
      idempotencyKey: `test:${userId}`,
    });
    return { cookie, userId };
  }

  /** One call to the API, recorded; a connection refused by the API itself would be a crash. */
  async function call(route: string, init: RequestInit & { cookie?: string } = {}): Promise<Answer> {
    const response = await fetch(`${api.url}${route}`, {
      ...init,
      headers: {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
    });
    const answer = {
      route: `${init.method ?? 'GET'} ${route.split('?')[0]}`,
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: await response.text(),
    };
    answers.push(answer);
    return answer;
  }

  async function submit(who: { cookie: string }, prompt: string): Promise<string> {
    const answer = await call('/api/jobs', {
      method: 'POST',
      cookie: who.cookie,
      body: JSON.stringify({ command: 'make', options: { prompt } }),
    });
    expect(answer.status, answer.body).toBe(202);
    return (JSON.parse(answer.body) as { job: { id: string } }).job.id;
  }

  async function jobStatus(jobId: string): Promise<string | undefined> {
    return (await getJob(database.db, jobId))?.status;
  }

  async function buyCredits(who: { cookie: string }) {
    const intent = await call('/api/payment/create-payment-intent', {
      method: 'POST',
      cookie: who.cookie,
      body: JSON.stringify({ purchaseType: 'Credits', tierType: pack.name }),
    });
    if (intent.status !== 200) return;
    const method = await fetch(`${stripeConfig.emulatorUrl}/v1/payment_methods`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Bearer ${stripeConfig.publishableKey}`,
      },
      body: new URLSearchParams({
        type: 'card',
        'card[number]': '4242424242424242',
        'card[exp_month]': '12',
        'card[exp_year]': '2040',
        'card[cvc]': '123',
      }).toString(),
    });
    await call('/api/payment/process_single', {
      method: 'POST',
      cookie: who.cookie,
      body: JSON.stringify({
        paymentIntentId: (JSON.parse(intent.body) as { id: string }).id,
        paymentMethodId: ((await method.json()) as { id: string }).id,
      }),
    });
  }

  let counter = 0;
  async function discordMake() {
    const prompt = `chaos discord ${++counter}`;
    const outcome = await control('POST', '/interactions', {
      userId: discordUser,
      channel: 'image-1',
      command: 'make',
      options: { prompt },
    });
    if (String(outcome.response?.data?.content).includes('queued')) discordPrompts.push(prompt);
  }

  /** Web submits, purchases and Discord commands, each paced, until `done` settles. */
  async function load(done: Promise<void>) {
    let stopped = false;
    void done.finally(() => (stopped = true));
    const loop = async (step: () => Promise<unknown>, paceMs: number) => {
      while (!stopped) {
        await step().catch(() => undefined);
        // Pacing of the load, not a wait for a condition.
        await new Promise((resolve) => setTimeout(resolve, paceMs));
      }
    };
    await Promise.all([
      ...webUsers.map((who, i) =>
        loop(
          () =>
            call('/api/jobs', {
              method: 'POST',
              cookie: who.cookie,
              body: JSON.stringify({ command: 'make', options: { prompt: `chaos web ${i} ${++counter}` } }),
            }),
          1_500,
        ),
      ),
      loop(() => buyCredits(webUsers[1]!), 600),
      loop(() => buyCredits(webUsers[2]!), 600),
      loop(() => discordMake(), 1_500),
    ]);
  }

  /** While the proxy refuses: health and an ordinary call both answer 503 with Retry-After. */
  async function duringOutage() {
    const health = await until(async () => {
      const answer = await call('/api/health');
      return answer.status === 503 ? answer : null;
    }, 30_000);
    expect(health.retryAfter).toBeTruthy();
    expect(JSON.parse(health.body)).toMatchObject({ database: 'down' });
    const mine = await call('/api/jobs?mine=true', { cookie: webUsers[0]!.cookie });
    expect(mine.status).toBe(503);
    expect(mine.retryAfter).toBeTruthy();
    expect(JSON.parse(mine.body)).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String) },
    });
  }

  async function chaos(fault: () => Promise<void>) {
    onTestFailed(() => {
      console.info(`worker:\n${worker.output().slice(-4000)}\napi:\n${api.output().slice(-4000)}`);
    });
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const running = load(done);
    for (let cut = 0; cut < CUTS; cut++) {
      // Some work under way before each fault: a job running on a host slot.
      await until(() => a1111.active > 0, 30_000);
      await fault();
      // Back to serving between faults: the API answers and the worker finishes jobs again.
      await until(async () => (await call('/api/health')).status === 200, 30_000);
      const since = new Date();
      await until(
        async () => (await countJobsIn(database.db, ['succeeded'], { finished: since })) >= 3,
        60_000,
      );
    }
    finish();
    await running;
    // A new person's job after the last fault runs within 30 s.
    const late = await signIn(`chaos-late-${Date.now()}`);
    const jobId = await submit(late, 'after the last cut');
    await until(async () => (await jobStatus(jobId)) === 'succeeded', 30_000);
    await checkEverything();
    console.info(
      `worker said:\n${worker
        .output()
        .split('\n')
        .filter((line) => /lost|database/.test(line))
        .slice(0, 20)
        .join('\n')}`,
    );
  }

  async function checkEverything() {
    // No process died, and neither ever met an error nobody listened for.
    for (const child of [api, worker]) {
      expect(child.process.exitCode).toBeNull();
      expect(child.process.signalCode).toBeNull();
      expect(child.output()).not.toContain("Unhandled 'error' event");
      expect(child.output()).not.toMatch(/unhandled ?rejection/i);
    }
    // Every answer past 499 was a 503 with Retry-After: nothing leaked as a 500.
    const failures = answers.filter((answer) => answer.status >= 500);
    for (const answer of failures) {
      expect(answer.status, answer.body).toBe(503);
      expect(answer.retryAfter).toBeTruthy();
    }

    // Every job ends, once: refunded exactly when it did not succeed, never twice.
    await until(async () => (await countJobsIn(database.db, ['queued', 'running'])) === 0, 90_000);
    const jobs = await jobOutcomes(database.db);
    expect(jobs.length).toBeGreaterThan(10);
    const byStatus = new Map<string, number>();
    for (const job of jobs) byStatus.set(job.status, (byStatus.get(job.status) ?? 0) + 1);
    const tally = new Map<string, number>();
    for (const answer of answers) {
      const key = `${answer.route} ${answer.status}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    console.info([...tally].map(([key, n]) => `${key}: ${n}`).join('\n'));
    console.info(
      `${jobs.length} jobs (${[...byStatus].map(([status, n]) => `${n} ${status}`).join(', ')}); ${answers.length} answers, ${failures.length} of them 503`,
    );
    for (const job of jobs) {
      expect(job.refunds, `${job.id} ${job.status}`).toBe(job.status === 'succeeded' ? 0 : 1);
      if (job.status === 'succeeded') expect(job.media, job.id).toBeGreaterThan(0);
    }

    // Every payment Stripe took is granted once, and only those.
    const state = JSON.parse(readFileSync(path.join(dataDir, 'stripe', 'state.json'), 'utf8'));
    const stripe = createStripeSdk(state.keys.secret, stripeConfig.emulatorUrl);
    await until(async () => {
      const paid = (
        await stripe.paymentIntents.list({ limit: 100 }).autoPagingToArray({ limit: 1000 })
      ).filter((intent) => intent.status === 'succeeded' && intent.metadata.payment_type === 'Credits');
      const granted = (await ledgerEntriesByKeyPattern(database.db, 'payment_intent:%'))
        .map((row) => row.idempotencyKey)
        .sort();
      return (
        granted.join() ===
        paid
          .map((intent) => `payment_intent:${intent.id}:credits`)
          .sort()
          .join()
      );
    }, 60_000);

    // Each balance is the sum of its ledger.
    expect(await balancesOffTheLedger(database.db)).toEqual([]);

    // Every Discord job's result was posted, once.
    const user = (await findUserByDiscordId(database.db, discordUser))!;
    const discordJobs = (await jobOutcomes(database.db)).filter((job) => job.userId === user.id);
    expect(discordJobs.length).toBeGreaterThan(0);
    const deliveries = await until(async () => {
      const rows = await discordDeliveryStates(database.db);
      return rows.every((row) => row.state === 'posted') ? rows : null;
    }, 60_000);
    expect(deliveries.map((row) => row.jobId).sort()).toEqual(discordJobs.map((job) => job.id).sort());
    const posts = (
      (await control('GET', '/channels/image-1/messages')).messages as {
        id: string;
        content: string;
        components?: unknown[];
      }[]
    )
      // A result is a card (its ping in its first Text Display) or, set so, a classic message.
      .filter((message) => textOf(message).startsWith(`<@${discordUser}>`))
      .map((message) => message.id);
    expect(posts.sort()).toEqual(deliveries.map((row) => row.messageId).sort());
  }

  it('survives three 5 s cuts of every connection with new ones refused', async () => {
    await chaos(async () => {
      await proxy.refuse();
      // At least the 5 s outage, and as long as it takes to see how the API answers meanwhile.
      await Promise.all([new Promise((resolve) => setTimeout(resolve, OUTAGE_MS)), duringOutage()]);
      await proxy.accept();
    });
  }, 300_000);

  it('survives every session of its database ended by pg_terminate_backend, three times', async () => {
    await chaos(async () => {
      expect(await terminateOtherSessions(database.db)).toBeGreaterThan(0);
    });
  }, 300_000);
});
