// The fleet bench's worker, in a process of its own as `npm run worker` runs it beside the API:
// our dispatcher (host slots, plan priority, round-robin between people), or the anchors' plain
// FIFO loop (one queue in arrival order, one job per worker, hosts taken in turn). Told `stop`
// over IPC; answers `stopped`.
import { type Database, createDatabase } from '@app/db';
import { type Provider, createA1111Provider } from '@app/generation';
import {
  type JobQueue,
  QUEUE_NAMES,
  type QueuedJobData,
  providersFor,
  runJob,
  startJobQueue,
  startWorker,
} from '@app/jobs';
import { type Dispatcher, FLEET, fleetSettings, memoryStorage } from '../fleet-settings.ts';

const dispatcher = process.env.FLEET_DISPATCHER as Dispatcher;
const urls = process.env.FLEET_HOST_URLS!.split('|');
const settings = fleetSettings(urls);
const database = createDatabase({ databaseUrl: process.env.FLEET_DATABASE_URL!, poolSize: 8 });
const queue = await startJobQueue(database, settings);
const storage = memoryStorage();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The anchors' loop: N workers, each takes the oldest job off the one queue, sends it to the next
 * host in turn (skipping one whose health call failed) and takes the next when it is done.
 */
function startFifo(provider: Provider) {
  const name = QUEUE_NAMES.image;
  let running = true;
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
  // A database that does not answer in time (a loaded machine) costs a poll, as in the anchors.
  const worker = async () => {
    while (running) await workOne().catch(() => sleep(250));
  };
  const workers = Array.from({ length: FLEET.hosts }, () => worker());
  return async () => {
    running = false;
    await Promise.all(workers);
  };
}

async function startOurs(db: Database, jobQueue: JobQueue) {
  const worker = await startWorker({
    database: db,
    queue: jobQueue,
    storage,
    providers: providersFor(settings.backends, settings.deadlines),
    settings,
    pollingIntervalSeconds: 0.5,
  });
  return () => worker.stop({ deadlineMs: 2_000 });
}

const stop =
  dispatcher === 'fifo' ? startFifo(createA1111Provider({ urls })) : await startOurs(database, queue);

process.on('message', (command: { type: 'stop' }) => {
  if (command.type !== 'stop') return;
  void (async () => {
    await stop();
    await queue.stop();
    await database.close();
    process.send!({ type: 'stopped' });
    process.exit(0);
  })();
});
process.send!({ type: 'ready' });
