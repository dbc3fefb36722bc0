import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { type PgProxy, type TestDatabase, createTestDatabase, startPgProxy } from '@app/db/testing';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { until } from './slow-workers.ts';
import { entryPointArgs } from './entry-point.ts';

/*
 * `npm run worker` meeting a database that is not there: at start-up it waits for it within
 * DATABASE_WAIT_SECONDS, then gives up with one line; once running, a database gone for
 * WORKER_STALL_EXIT_SECONDS makes it exit non-zero, for its supervisor to restart it.
 */
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

interface Run {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

const runs: Run[] = [];
afterEach(() => {
  for (const run of runs.splice(0)) run.child.kill('SIGKILL');
});

function startWorker(env: Record<string, string>): Run {
  const child = spawn(process.execPath, entryPointArgs(MAIN), {
    env: { ...process.env, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const run = {
    child,
    output: () => output,
    exited: new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code))),
  };
  runs.push(run);
  return run;
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('a worker without its database', () => {
  it('waits for it at start-up, then exits non-zero with one clear line', async () => {
    const port = await closedPort();
    const run = startWorker({
      DATABASE_URL: `postgres://app:s3cret@127.0.0.1:${port}/hypercreate`,
      DATABASE_WAIT_SECONDS: '1',
    });
    expect(await run.exited).toBe(1);
    const lines = run.output().trim().split('\n');
    expect(lines).toEqual([
      `waiting for the database at 127.0.0.1:${port}/hypercreate (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:${port}); retrying for up to 1 s`,
      `Worker failed to start: The database at 127.0.0.1:${port}/hypercreate did not answer within 1 s (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:${port}).`,
    ]);
  }, 30_000);

  describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
    let database: TestDatabase;
    let proxy: PgProxy;
    afterAll(async () => {
      await proxy?.close();
      await database?.close();
    });

    it('starts once the database comes back within the wait, and exits when it stays away', async () => {
      database = await createTestDatabase();
      const direct = new URL(database.url!);
      proxy = await startPgProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      await proxy.refuse();
      const run = startWorker({
        DATABASE_URL: proxy.urlFor(database.url!),
        DATABASE_WAIT_SECONDS: '60',
        WORKER_STALL_EXIT_SECONDS: '10',
      });
      await until(() => run.output().includes('waiting for the database'), 20_000);
      await proxy.accept();
      await until(() => run.output().includes('worker running'), 60_000);

      // Gone for good (the proxy stops answering): past the bound the worker exits, non-zero.
      await proxy.close();
      expect(await run.exited).toBe(1);
      expect(run.output()).toMatch(
        /worker exiting: the database at 127\.0\.0\.1:\d+\/\S+ has not answered for \d+ s/,
      );
      expect(run.output()).not.toContain("Unhandled 'error' event");
    }, 90_000);
  });
});
