import autocannon from 'autocannon';
import { createDatabase, createSession, createUser, getJob, grant } from '@app/db';
import { jobWorkOf } from '@app/domain';
import {
  JOB_FAMILIES,
  type JobFamily,
  type GenerationRequest,
  type Provider,
  createLocalProvider,
} from '@app/generation';
import { startWorker } from '@app/jobs';
import { buildApp } from '@app/api/app';
import { loadSettings } from '@app/api/settings';
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { type Figure, figureOf, median, serverCpuMicros, startServer, stop } from './lib.ts';

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

async function rps(url: string, seconds: number, options: { cookies?: string[]; body?: string } = {}) {
  const { cookies, body } = options;
  let next = 0;
  const result = await autocannon({
    url,
    connections: 16,
    duration: seconds,
    method: body ? 'POST' : 'GET',
    body,
    headers: body ? { 'content-type': 'application/json' } : undefined,
    // Each request from the next person in turn, as in a rush of many people.
    requests: cookies
      ? [
          {
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, cookie: cookies[next++ % cookies.length]! },
            }),
          },
        ]
      : undefined,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, total: result.requests.total };
}

export interface SubmitResult {
  database: 'postgres' | 'pglite';
  submitRps: Figure;
  bareRps: Figure;
  /** Jobs/s over bare Fastify's req/s, round by round. */
  ratio: Figure;
  /** The API process's CPU per accepted job, µs (the database's own is not in it). */
  apiCpuUs: Figure;
  /** The code before, when measured in the same run: its jobs/s, and ours over its, round by round. */
  before?: { commit: string; submitRps: Figure; speedup: Figure };
}

/** The code before, to run beside ours: its project (bench/baseline.ts) and commit. */
export interface CodeBefore {
  root: string;
  commit: string;
}

/**
 * Jobs accepted per second by POST /api/jobs (a /make each, no worker), beside bare Fastify and,
 * given `before`, beside the code before (its own bench server on its own database), the rounds of
 * the three taken in turn.
 */
export async function benchSubmissions(
  database: 'postgres' | 'pglite',
  { rounds = 7, seconds = 3, before }: { rounds?: number; seconds?: number; before?: CodeBefore } = {},
): Promise<SubmitResult> {
  const started: ChildProcess[] = [];
  const start = async (...args: Parameters<typeof startServer>) => {
    const server = await startServer(...args);
    started.push(server.child);
    return server;
  };
  try {
    const bare = await start('bench/servers/bare.ts');
    const env: Record<string, string> = database === 'pglite' ? { BENCH_DB: 'pglite' } : {};
    const body = JSON.stringify({ command: 'make', options: { prompt: 'a lighthouse at dusk -wide' } });
    const submitter = async (root?: string) => {
      // The code before runs its own bench server, which signs in the people it needs.
      const server = await start('bench/servers/jobs.ts', env, { root });
      const cookies = /COOKIES (\S+)/.exec(server.output)?.[1]?.split(',');
      if (!cookies) throw new Error('The jobs bench server printed no cookies');
      return { child: server.child, url: `http://127.0.0.1:${server.port}/api/jobs`, cookies };
    };
    const app = await submitter();
    const old = before ? await submitter(before.root) : undefined;
    const bareUrl = `http://127.0.0.1:${bare.port}/`;
    // Long enough for the servers' hot paths to be compiled: the rounds measure them warm.
    await rps(bareUrl, 1);
    for (const server of old ? [app, old] : [app])
      await rps(server.url, 3, { cookies: server.cookies, body });
    const submit: number[] = [];
    const bareRounds: number[] = [];
    const cpu: number[] = [];
    const oldRounds: number[] = [];
    for (let round = 0; round < rounds; round++) {
      bareRounds.push((await rps(bareUrl, seconds)).rps);
      // The code before and ours take turns going first.
      if (old && round % 2 === 1)
        oldRounds.push((await rps(old.url, seconds, { cookies: old.cookies, body })).rps);
      const cpuBefore = await serverCpuMicros(app.child);
      const jobs = await rps(app.url, seconds, { cookies: app.cookies, body });
      cpu.push(((await serverCpuMicros(app.child)) - cpuBefore) / Math.max(1, jobs.total));
      submit.push(jobs.rps);
      if (old && round % 2 === 0)
        oldRounds.push((await rps(old.url, seconds, { cookies: old.cookies, body })).rps);
    }
    return {
      database,
      submitRps: figureOf(submit),
      bareRps: figureOf(bareRounds),
      ratio: figureOf(submit.map((jobs, round) => jobs / bareRounds[round]!)),
      apiCpuUs: figureOf(cpu),
      before:
        before && old
          ? {
              commit: before.commit,
              submitRps: figureOf(oldRounds),
              speedup: figureOf(submit.map((jobs, round) => jobs / oldRounds[round]!)),
            }
          : undefined,
    };
  } finally {
    for (const child of started) await stop(child);
  }
}

/** Median wall time of the local provider for /make, one 3-second /video and /speak. */
export async function benchLocalProvider(runs = 3) {
  const provider = createLocalProvider();
  const request = (command: string, family: JobFamily, prompt: string, seed: number): GenerationRequest => ({
    jobId: `bench-${command}-${seed}`,
    command,
    family,
    work: jobWorkOf(command)!.work,
    prompt,
    width: 1024,
    height: 1024,
    seed,
    inputs: {},
    options: {},
    ...(command === 'speak' ? { voice: 'narrator' } : {}),
  });
  const cases: [string, JobFamily, string][] = [
    ['make', 'image', 'a lighthouse on a cliff at dusk, oil painting'],
    ['video', 'video', 'paper boats drifting down a rainy street'],
    ['speak', 'audio', 'Welcome to the server, traveller. The night is young.'],
  ];
  const medians: Record<string, number> = {};
  for (const [command, family, prompt] of cases) {
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      await provider.run(request(command, family, prompt, run + 1), {
        signal: new AbortController().signal,
        onProgress: () => {},
        saveExternalId: async () => {},
      });
      times.push(performance.now() - started);
    }
    medians[command] = Math.round(median(times));
  }
  return medians;
}

/**
 * Submit-to-running latency on the embedded default: /make jobs submitted one after another through
 * the API, picked up by an in-process worker whose provider answers at once; the time from the
 * job's creation to its start, from the rows.
 */
export async function benchSubmitToRunning(jobs = 40) {
  const settings = loadSettings({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: `.data/bench-latency-${process.pid}`,
    MAX_ACTIVE_JOBS_PER_USER: '10000',
  });
  const database = createDatabase({});
  await database.migrate();
  const app = await buildApp({ settings, database });
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const instant: Provider = {
    name: 'instant',
    families: JOB_FAMILIES,
    run: async () => ({ outputs: [{ kind: 'image', mime: 'image/png', bytes: png, width: 1, height: 1 }] }),
  };
  const queue = await app.generation.queue();
  const worker = await startWorker({
    database,
    queue,
    storage: app.generation.storage,
    providers: { image: instant, video: instant, audio: instant, lipsync: instant, lora: instant },
    settings: settings.generation,
  });
  try {
    const user = await createUser(database.db, { discordName: 'latency', ageBand: '18+' });
    await grant(database.db, {
      userId: user.id,
      currency: 'credits',
      amount: 1_000_000,
      reason: 'bench',
      idempotencyKey: `bench:${user.id}`,
    });
    const id = randomBytes(32).toString('base64url');
    await createSession(database.db, {
      idHash: createHash('sha256').update(id).digest('hex'),
      userId: user.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const latencies: number[] = [];
    for (let i = 0; i < jobs; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/jobs',
        headers: { cookie: `sid=${id}` },
        payload: { command: 'make', options: { prompt: `latency ${i}` } },
      });
      if (response.statusCode !== 202)
        throw new Error(`POST /api/jobs answered ${response.statusCode}: ${response.body}`);
      const jobId = response.json().job.id as string;
      for (;;) {
        const job = await getJob(database.db, jobId);
        if (job?.startedAt) {
          latencies.push(job.startedAt.getTime() - job.createdAt.getTime());
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    return { jobs, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99) };
  } finally {
    await worker.stop();
    await app.close();
    await database.close();
  }
}
