// `npm run bench -- fleet`: a simulated community against stand-in GPU hosts (the A1111 stand-in,
// one generation at a time, a fixed time each), run twice in one go: through a plain FIFO
// dispatcher (one queue in arrival order, one job per worker, hosts taken in turn — what the
// anchors' bots do) and through ours (host slots, plan priority, round-robin between people).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { type Database, createDatabase, createUser, grant, isDatabaseUnavailable } from '@app/db';
import {
  type Provider,
  type RoutingTable,
  createA1111Provider,
  parseGenerationBackends,
} from '@app/generation';
import { type A1111StandIn, startA1111StandIn } from '@app/generation/stand-ins/a1111';
import {
  type JobQueue,
  QUEUE_NAMES,
  type QueuedJobData,
  defaultGenerationSettings,
  providersFor,
  runJob,
  startJobQueue,
  startWorker,
} from '@app/jobs';
import { queueStanding } from '@app/api/queue-standing';
import { submitJob } from '@app/api/submit-job';
import { createBenchDatabase, dropBenchDatabase } from './servers/bench-database.ts';
import { type Plan, type Person, type Workload, buildWorkload } from './fleet-workload.ts';
import { type FleetFigures, measure } from './fleet-measure.ts';

/** The stand-in hosts, and the time each takes per job in each scenario (1 s, and a distilled model's 0.25 s). */
export const FLEET = { hosts: 4, jobMs: [1000, 250] as const };
const DATABASE = 'hypercreate_bench_fleet';

export type Dispatcher = 'fifo' | 'fleet';

const memoryStorage = () => {
  const objects = new Map<string, { bytes: Buffer; mime: string }>();
  return {
    put: async (key: string, bytes: Buffer, mime: string) => void objects.set(key, { bytes, mime }),
    get: async (key: string) => objects.get(key) ?? null,
    delete: async (key: string) => void objects.delete(key),
    publicUrl: () => null,
  };
};

/**
 * The anchors' loop: N workers, each takes the oldest job off the one queue, sends it to the next
 * host in turn (skipping one whose health call failed) and takes the next when it is done.
 */
async function startFifo(
  database: Database,
  queue: JobQueue,
  provider: Provider,
  storage: ReturnType<typeof memoryStorage>,
) {
  const settings = defaultGenerationSettings();
  const name = QUEUE_NAMES.image;
  let running = true;
  const worker = async () => {
    while (running) {
      // A database that does not answer in time (a loaded machine) costs a poll, as in the anchors.
      await workOne().catch(() => sleep(250));
    }
  };
  const workOne = async () => {
    const [job] = await queue.boss.fetch<QueuedJobData>(name, { batchSize: 1, includeMetadata: true });
    if (!job) {
      await sleep(250);
      return;
    }
    const claim = { id: job.id, retryCount: job.retryCount };
    const heartbeat = setInterval(() => void queue.boss.touch(name, claim).catch(() => {}), 3_000);
    const outcome = await runJob({
      database,
      storage,
      provider,
      deadlineSeconds: settings.deadlines.image,
      attempt: {
        jobId: job.data.jobId,
        retryCount: job.retryCount,
        retryLimit: job.retryLimit,
        signal: new AbortController().signal,
      },
    }).finally(() => clearInterval(heartbeat));
    if (outcome.kind === 'retry') await queue.boss.fail(name, claim, { code: outcome.error.code });
    else await queue.boss.complete(name, claim);
  };
  const workers = Array.from({ length: FLEET.hosts }, () => worker());
  return async () => {
    running = false;
    await Promise.all(workers);
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runFleetScenario(dispatcher: Dispatcher, jobMs: number): Promise<FleetFigures> {
  const url = await createBenchDatabase(DATABASE);
  const hosts: A1111StandIn[] = [];
  for (let i = 0; i < FLEET.hosts; i++) {
    const host = await startA1111StandIn();
    host.serial = true;
    host.generationMs = jobMs;
    hosts.push(host);
  }
  const backends = (
    parseGenerationBackends(`image=a1111:${hosts.map((host) => host.url).join('|')}`) as {
      table: RoutingTable;
    }
  ).table;
  const settings = defaultGenerationSettings({
    backends,
    maxActiveJobsPerUser: 1000,
    probeSeconds: 0.5,
    superviseSeconds: 2,
  });
  const database = createDatabase({ databaseUrl: url, poolSize: 12 });
  await database.migrate();
  const queue = await startJobQueue(database, settings);
  const storage = memoryStorage();
  const workload = buildWorkload(jobMs / 1000);
  const users = new Map<Person, Awaited<ReturnType<typeof createUser>>>();
  for (const person of workload.people) {
    const user = await createUser(database.db, {
      discordName: person.name,
      subscriptionStatus: planStatus(person.plan),
      ageBand: '18+',
    });
    await grant(database.db, {
      userId: user.id,
      currency: 'credits',
      amount: 1000,
      reason: 'bench',
      idempotencyKey: `bench:${user.id}`,
    });
    users.set(person, user);
  }
  // The FIFO dispatcher's queue keeps arrival order: every job at the same priority, no grouping.
  const sendQueue: JobQueue =
    dispatcher === 'fifo'
      ? { ...queue, send: (tx, job) => queue.send(tx, { id: job.id, family: job.family, priority: 0 }) }
      : queue;
  const stop =
    dispatcher === 'fifo'
      ? await startFifo(database, queue, createA1111Provider({ urls: hosts.map((h) => h.url) }), storage)
      : await (async () => {
          const worker = await startWorker({
            database,
            queue,
            storage,
            providers: providersFor(settings.backends, settings.deadlines),
            settings,
            pollingIntervalSeconds: 0.5,
          });
          return () => worker.stop({ deadlineMs: 2_000 });
        })();

  const samples: { t: number; busy: number; alive: number }[] = [];
  let alive = FLEET.hosts;
  const sampler = setInterval(
    () => samples.push({ t: Date.now(), busy: hosts.filter((h) => h.active > 0).length, alive }),
    20,
  );
  const jobOwner = new Map<string, Person>();
  // What the studio and the bot told each person at submission: about how long the wait would be.
  const estimates = new Map<string, number>();
  const started = Date.now();
  const submit = async (person: Person, n: number) => {
    // A database slow to give a connection on a loaded machine: the same request again, which
    // finds the job if the first one went through.
    const requestId = randomUUID();
    const attempt = () =>
      submitJob({
        db: database.db,
        queue: sendQueue,
        storage,
        settings,
        user: users.get(person)!,
        command: 'make',
        options: { prompt: `${person.name} picture ${n} -square` },
        source: 'bench',
        requestId,
      });
    const { job } = await attempt().catch(async (error: unknown) => {
      if (!isDatabaseUnavailable(error)) throw error;
      await sleep(1_000);
      return attempt();
    });
    jobOwner.set(job.id, person);
    if (dispatcher === 'fleet') {
      const { waitSeconds } = await queueStanding(database.db, settings, job).catch(() => ({
        waitSeconds: undefined,
      }));
      if (waitSeconds !== undefined) estimates.set(job.id, waitSeconds * 1000);
    }
  };
  const arrivals = workload.arrivals.map(async (arrival) => {
    await sleep(arrival.atMs - (Date.now() - started));
    for (let n = 0; n < arrival.jobs; n++) await submit(arrival.person, n);
  });
  // One host dies mid-run, and comes back at the same address a few seconds later.
  const killing = (async () => {
    await sleep(workload.killAtMs);
    const victim = hosts[0]!;
    const port = Number(new URL(victim.url).port);
    // What it finished before it died; work it was in the middle of never reached anyone.
    const history = [...victim.history];
    await victim.close();
    alive -= 1;
    await sleep(workload.downMs);
    const back = await startA1111StandIn({ port });
    back.serial = true;
    back.generationMs = jobMs;
    back.history.push(...history);
    hosts[0] = back;
    alive += 1;
  })();
  await Promise.all([...arrivals, killing]);
  // Wait for the queue to drain (bounded: a dispatcher that loses jobs must not hang the bench).
  const total = jobOwner.size;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (;;) {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from jobs where status in ('succeeded', 'failed', 'cancelled')",
    );
    if (rows[0]!.n >= total || Date.now() - started > 180_000) break;
    await sleep(250);
  }
  await client.end();
  clearInterval(sampler);
  await stop();
  const figures = await measure({
    url,
    dispatcher,
    jobOwner,
    estimates,
    jobMs,
    samples,
    hosts,
    workload,
    startedAt: started,
  });
  await queue.stop();
  await database.close();
  for (const host of hosts) await host.close();
  await dropBenchDatabase(DATABASE);
  return figures;
}

function planStatus(plan: Plan): string {
  return plan === 'founders'
    ? 'Founders Image Only Plan'
    : plan === 'professional'
      ? 'Professional Plan'
      : 'free';
}

export type { Workload };
