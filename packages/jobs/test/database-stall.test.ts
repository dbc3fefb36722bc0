import { type Database, createDatabase, getJob, mediaForJobs } from '@app/db';
import { type PgProxy, ledgerEntriesOf, startPgProxy } from '@app/db/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Worker, startWorker } from '../src/worker/start-worker.ts';
import {
  type Pipeline,
  allFamilies,
  createPipeline,
  createUserWith,
  enqueue,
  gate,
  memoryStorage,
  pngOf,
  scriptedProvider,
  waitFor,
} from './helpers.ts';

/**
 * The database fails while a worker stores a job's outputs: the attempt is the database's failure,
 * not the generator's. It goes back to the queue, and once the database answers the job succeeds,
 * held once, refunded never.
 */

let pipeline: Pipeline | undefined;
let worker: Worker | undefined;
let proxy: PgProxy | undefined;
let workerDatabase: Database | undefined;
afterEach(async () => {
  proxy?.flow();
  await worker?.stop({ deadlineMs: 1_000 });
  await workerDatabase?.close();
  await proxy?.close();
  await pipeline?.close();
  worker = undefined;
  workerDatabase = undefined;
  proxy = undefined;
  pipeline = undefined;
});

/**
 * The worker's database, through a proxy the test can stall; `failNextTransaction` makes the next
 * transaction fail as node-postgres's pool does when no connection opens in time.
 */
function faultable(database: Database) {
  const faults = { failNextTransaction: false };
  const db = new Proxy(database.db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (property !== 'transaction' || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (faults.failNextTransaction) {
          faults.failNextTransaction = false;
          return Promise.reject(new Error('timeout exceeded when trying to connect'));
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { faults, database: { ...database, db } satisfies Database };
}

async function setUp() {
  const p = (pipeline = await createPipeline());
  const url = new URL(p.database.url!);
  const pgProxy = (proxy = await startPgProxy({ host: url.hostname, port: Number(url.port || 5432) }));
  workerDatabase = createDatabase({ databaseUrl: pgProxy.urlFor(p.database.url!) });
  const { faults, database } = faultable(workerDatabase);
  const image = await pngOf(8, 8);
  const provider = scriptedProvider(async () => ({
    outputs: [{ kind: 'image', mime: 'image/png', bytes: image, width: 8, height: 8 }],
  }));
  // The first attempt's last file is stored when the test says; later ones at once.
  const storage = memoryStorage();
  const reachedStore = gate();
  const storeMayGo = gate();
  const put = storage.put.bind(storage);
  storage.put = async (key, bytes, mime) => {
    await put(key, bytes, mime);
    if (!key.endsWith('.thumb.webp')) return;
    reachedStore.open();
    await storeMayGo.opened;
  };
  worker = await startWorker({
    ...p,
    database,
    storage,
    providers: allFamilies(provider),
    families: ['image'],
    pollingIntervalSeconds: 0.5,
  });
  const user = await createUserWith(p.database, 100);
  const job = await enqueue(p, user.id, { command: 'make', options: { prompt: 'stall' }, price: 4 });
  await reachedStore.opened;
  return { p, pgProxy, faults, provider, user, job, letStore: storeMayGo.open };
}

async function expectSucceededOnce(setup: Awaited<ReturnType<typeof setUp>>) {
  const { p, job, user, provider } = setup;
  const done = await waitFor(async () => {
    const row = await getJob(p.database.db, job.id);
    return row && ['succeeded', 'failed', 'cancelled'].includes(row.status) ? row : null;
  }, 60_000);
  expect(done.status).toBe('succeeded');
  expect(done.errorCode).toBeNull();
  expect(provider.calls).toBe(2);
  expect(await mediaForJobs(p.database.db, [job.id])).toHaveLength(1);
  const entries = await ledgerEntriesOf(p.database.db, user.id);
  expect(entries.filter((entry) => entry.delta < 0).map((entry) => entry.delta)).toEqual([-4]);
  expect(entries.filter((entry) => entry.reason.startsWith('refund'))).toHaveLength(0);
}

describe.runIf(!!process.env.TEST_DATABASE_URL)('the database failing while outputs are stored', () => {
  it('no connection for the recording (the pool timed out): the attempt goes back to the queue, not failed', async () => {
    const setup = await setUp();
    // Only the recording fails; whatever comes next finds the database there again.
    setup.faults.failNextTransaction = true;
    setup.letStore();
    await expectSucceededOnce(setup);
  }, 120_000);

  it('a stall (connections cut, new ones never answered): requeued once it answers, then succeeds once', async () => {
    const setup = await setUp();
    const logged = vi.spyOn(console, 'error');
    setup.pgProxy.blackhole();
    setup.letStore();
    // Recording the outputs failed on the stalled database, and the worker says what it does.
    await waitFor(
      async () =>
        logged.mock.calls.some((call) => String(call[0]).includes('the job goes back to the queue')),
      30_000,
    );
    logged.mockRestore();
    setup.pgProxy.flow();
    await expectSucceededOnce(setup);
  }, 120_000);
});
