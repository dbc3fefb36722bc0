// `npm run bench -- fleet`: a simulated community against stand-in GPU hosts (the A1111 stand-in,
// one generation at a time, a fixed time each), run twice in one go: through a plain FIFO
// dispatcher (one queue in arrival order, one job per worker, hosts taken in turn — what the
// anchors' bots do) and through ours (host slots, plan priority, round-robin between people).
// As deployed, the hosts, the worker and the submissions (the API's side) are three processes.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createDatabase, createUser, grant, isDatabaseUnavailable } from '@app/db';
import { flattenEntry, startJobQueue } from '@app/jobs';
import { queueStanding, queueStandings } from '@app/api/queue-standing';
import { submitJob } from '@app/api/submit-job';
import { createBenchDatabase, dropBenchDatabase } from './servers/bench-database.ts';
import type { HostsMessage } from './servers/fleet-hosts.ts';
import { type Plan, type Person, type Workload, buildWorkload } from './fleet-workload.ts';
import { type FleetFigures, measure } from './fleet-measure.ts';
import { type Dispatcher, FLEET, fleetSettings, memoryStorage } from './fleet-settings.ts';
import { forkBench } from './lib.ts';

export { FLEET, type Dispatcher };
const DATABASE = 'hypercreate_bench_fleet';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The bot edits a queued answer at most every 3 s (ANSWER_EDIT_INTERVAL_MS), on the 1 s jobs' timeline. */
const ANSWER_EDIT_MS = 3_000;

export async function runFleetScenario(
  dispatcher: Dispatcher,
  jobMs: number,
  options: { relax?: boolean } = {},
): Promise<FleetFigures> {
  const url = await createBenchDatabase(DATABASE);
  const hosts = await forkBench<HostsMessage>('bench/servers/fleet-hosts.ts', {
    FLEET_HOSTS: String(FLEET.hosts),
    FLEET_JOB_MS: String(jobMs),
  });
  const urls = (hosts.ready as Extract<HostsMessage, { type: 'ready' }>).urls;
  const settings = fleetSettings(urls);
  const database = createDatabase({ databaseUrl: url, poolSize: 12 });
  await database.migrate();
  const queue = await startJobQueue(database, settings);
  const storage = memoryStorage();
  const workload = buildWorkload(jobMs / 1000, options);
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
  const flatten = async (job: { id: string; queueJobId: string | null }) => {
    await flattenEntry(database, job.queueJobId!);
    await database.prepared('fifo-job', 'update jobs set priority = 0 where id = $1::uuid', [job.id]);
  };
  const worker = await forkBench<{ type: 'ready' | 'stopped' }>('bench/servers/fleet-worker.ts', {
    FLEET_DISPATCHER: dispatcher,
    FLEET_HOST_URLS: urls.join('|'),
    FLEET_DATABASE_URL: url,
  });

  const jobOwner = new Map<string, Person>();
  // What the studio and the bot told each person at submission: about how long the wait would be.
  const estimates = new Map<string, number>();
  // And what the queued answer said while the job waited, each time it was refreshed.
  const shown: { id: string; at: number; estimateMs: number }[] = [];
  const waiting = new Map<string, Awaited<ReturnType<typeof submitJob>>['job']>();
  const started = Date.now();
  const submit = async (person: Person, n: number, relax = false) => {
    // A database slow to give a connection on a loaded machine: the same request again, which
    // finds the job if the first one went through.
    const requestId = randomUUID();
    const attempt = () =>
      submitJob({
        db: database.db,
        storage,
        settings,
        user: users.get(person)!,
        command: 'make',
        options: { prompt: `${person.name} picture ${n} -square` },
        source: 'bench',
        requestId,
        ...(relax ? { lane: 'relax' as const } : {}),
      });
    const { job, standing } = await attempt().catch(async (error: unknown) => {
      if (!isDatabaseUnavailable(error)) throw error;
      await sleep(1_000);
      return attempt();
    });
    if (dispatcher === 'fifo') await flatten(job);
    jobOwner.set(job.id, person);
    if (dispatcher === 'fleet') {
      waiting.set(job.id, job);
      // As the studio's and the bot's first answer: from the standing read with the submission.
      const { waitSeconds } = await queueStanding(database.db, settings, job, new Date(), standing).catch(
        () => ({ waitSeconds: undefined }),
      );
      if (waitSeconds !== undefined) estimates.set(job.id, waitSeconds * 1000);
    }
  };
  const arrivals = workload.arrivals.map(async (arrival) => {
    await sleep(arrival.atMs - (Date.now() - started));
    for (let n = 0; n < arrival.jobs; n++) await submit(arrival.person, n, arrival.relax);
  });
  // One host dies mid-run, and comes back at the same address a few seconds later.
  const killing = (async () => {
    await sleep(workload.killAtMs);
    await hosts.request({ type: 'kill', index: 0 }, 'killed');
    await sleep(workload.downMs);
    await hosts.request({ type: 'revive', index: 0 }, 'revived');
  })();
  // The queued answers as the bot refreshes them, on the scenario's timeline.
  let submitting = true;
  const refreshing = (async () => {
    if (dispatcher !== 'fleet') return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    while (submitting || waiting.size > 0) {
      await sleep((ANSWER_EDIT_MS * jobMs) / 1000);
      const { rows } = await client.query<{ id: string }>("select id from jobs where status = 'queued'");
      const queued = new Set(rows.map((row) => row.id));
      for (const id of waiting.keys()) if (!queued.has(id)) waiting.delete(id);
      if (waiting.size === 0) continue;
      const at = Date.now();
      const standings = await queueStandings(database.db, settings, [...waiting.values()]).catch(
        () => new Map(),
      );
      for (const [id, standing] of standings)
        if (standing.waitSeconds !== undefined)
          shown.push({ id, at, estimateMs: standing.waitSeconds * 1000 });
    }
    await client.end();
  })();
  await Promise.all([...arrivals, killing]);
  submitting = false;
  // Wait for the queue to drain (bounded: a dispatcher that loses jobs must not hang the bench).
  const total = jobOwner.size;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (;;) {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from jobs where status in ('succeeded', 'failed', 'cancelled')",
    );
    if (rows[0]!.n >= total || Date.now() - started > (options.relax ? 300_000 : 180_000)) break;
    await sleep(250);
  }
  await client.end();
  await refreshing;
  await worker.request({ type: 'stop' }, 'stopped');
  const { histories, samples, downtimes } = await hosts.request({ type: 'report' }, 'report');
  hosts.child.send({ type: 'stop' });
  const figures = await measure({
    url,
    dispatcher,
    jobOwner,
    estimates,
    shown,
    jobMs,
    samples,
    histories,
    downtimes,
    workload,
    startedAt: started,
  });
  await queue.stop();
  await database.close();
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
