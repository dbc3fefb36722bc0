import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { entryPointArgs } from '../entry-point.ts';

/**
 * The real entry points as separate processes (`npm start`'s server and `npm run worker`), run
 * as built (or from source through tsx when the build is out of date), for tests of several machines on one PostgreSQL database.
 */
const WORKER_MAIN = fileURLToPath(new URL('../../../worker/src/main.ts', import.meta.url));
const API_SERVER = fileURLToPath(new URL('../../src/server.ts', import.meta.url));

export interface Child {
  process: ChildProcess;
  output: () => string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

function start(entry: string, env: Record<string, string>): Child {
  const child = spawn(process.execPath, entryPointArgs(entry), {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    process: child,
    output: () => output,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
  };
}

export const startWorkerProcess = (env: Record<string, string>) => start(WORKER_MAIN, env);

/**
 * An API process on a free port; resolves once it has finished starting (its start banner is
 * printed after the work that follows listening, such as readying payments) and answers its
 * health call.
 */
export async function startApiProcess(env: Record<string, string>): Promise<Child & { url: string }> {
  const port = await freePort();
  const child = start(API_SERVER, { HOST: '127.0.0.1', PORT: String(port), ...env });
  const url = `http://127.0.0.1:${port}`;
  await until(async () => {
    if (child.process.exitCode !== null) throw new Error(`API exited:\n${child.output()}`);
    if (!child.output().includes('HyperCreate is running at')) return false;
    return (await fetch(`${url}/api/health`).catch(() => null))?.ok;
  }, 60_000);
  return { ...child, url };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function until<T>(
  check: () => Promise<T | null | undefined | false> | T,
  ms: number,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
