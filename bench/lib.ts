import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The flags npm start runs the API and the worker with (scripts/lib.mjs, plain JavaScript). */
const scriptsLib = '../scripts/lib.mjs';
const { SERVER_NODE_FLAGS } = (await import(scriptsLib)) as { SERVER_NODE_FLAGS: readonly string[] };

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts a TypeScript server script and resolves with its port once it prints `PORT n`, with what
 * it printed before (a server may print more it wants the bench to know, such as a cookie). `root`:
 * the project it runs in (another version of this one, for a measurement of the code before).
 */
export function startServer(
  script: string,
  env: Record<string, string> = {},
  { core, root = ROOT }: { core?: number; root?: string } = {},
): Promise<{ port: number; child: ChildProcess; output: string }> {
  // Run as npm start runs the API and the worker.
  const command = [process.execPath, ...SERVER_NODE_FLAGS, '--import', 'tsx', script];
  const [file, ...args] = core === undefined ? command : ['taskset', '-c', String(core), ...command];
  const child = spawn(file!, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /PORT (\d+)/.exec(output) ?? /running at http:\/\/[^:]+:(\d+)/.exec(output);
      if (match) {
        child.stdout.off('data', onData);
        resolve({ port: Number(match[1]), child, output });
      }
    };
    child.stdout.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}: ${output}`)));
    setTimeout(() => reject(new Error(`${script} did not start: ${output}`)), 90_000).unref();
  });
}

/**
 * Runs `measure` with the measured servers' core (the last; pass it to `startServer`) and the
 * bench itself, the load generator, kept to the others, then gives the bench all cores back, so
 * that the benches after it (and the processes they start, which inherit the bench's cores) run as
 * before. Where the load generator and a server shared a core now and then, the server's CPU per
 * request swung by half between rounds. Without two cores or `taskset`, `measure` gets no core and
 * the servers run where they may.
 */
export async function withServerCore<T>(measure: (core: number | undefined) => Promise<T>): Promise<T> {
  const cores = availableParallelism();
  const pin = (list: string) => {
    try {
      execFileSync('taskset', ['-pc', list, String(process.pid)], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  if (cores < 2 || !pin(`0-${cores - 2}`)) return measure(undefined);
  try {
    return await measure(cores - 1);
  } finally {
    pin(`0-${cores - 1}`);
  }
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/**
 * The CPU time (user + system, µs) a bench server has used so far, as its own process.cpuUsage()
 * tells (servers/cpu-report.ts answers SIGUSR2). On a shared machine requests/s swing with the
 * neighbours' load, while the CPU a server spends per request barely moves, so the bench reports both.
 */
export function serverCpuMicros(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = /CPU (\d+)\n/.exec(buffer);
      if (!match) return;
      child.stdout!.off('data', onData);
      clearTimeout(timer);
      resolve(Number(match[1]));
    };
    const timer = setTimeout(() => {
      child.stdout!.off('data', onData);
      reject(new Error('The server did not report its CPU time'));
    }, 10_000);
    child.stdout!.on('data', onData);
    child.kill('SIGUSR2');
  });
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A figure measured in rounds: the median, and the lowest and highest round (its spread). */
export interface Figure {
  median: number;
  low: number;
  high: number;
}

export const figureOf = (values: number[]): Figure => ({
  median: median(values),
  low: Math.min(...values),
  high: Math.max(...values),
});

/** `1234 (1100–1300, ±8%)`: a figure with its spread, the half-range as a share of the median. */
export function describeFigure({ median, low, high }: Figure, digits = 0): string {
  const spread = median > 0 ? ((high - low) / 2 / median) * 100 : 0;
  return `${median.toFixed(digits)} (${low.toFixed(digits)}–${high.toFixed(digits)}, ±${spread.toFixed(0)}%)`;
}

/**
 * Starts a TypeScript bench process with an IPC channel, resolving once it sends `{ type: 'ready' }`;
 * `request` sends a command and resolves with the first message of the awaited type.
 */
export async function forkBench<Message extends { type: string }>(
  script: string,
  env: Record<string, string>,
): Promise<{
  child: ChildProcess;
  ready: Message;
  request: <T extends Message['type']>(command: object, answer: T) => Promise<Extract<Message, { type: T }>>;
}> {
  const child = fork(path.join(ROOT, script), [], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    execArgv: [...SERVER_NODE_FLAGS, '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // A bench that fails part-way leaves no process behind.
  const killChild = () => child.kill('SIGKILL');
  process.once('exit', killChild);
  child.once('exit', () => process.off('exit', killChild));
  const next = <T extends string>(type: T) =>
    new Promise<Extract<Message, { type: T }>>((resolve, reject) => {
      const onMessage = (message: Message) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message as Extract<Message, { type: T }>);
      };
      const onExit = (code: number | null) => reject(new Error(`${script} exited with ${code}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ready = await next('ready');
  return {
    child,
    ready: ready,
    request: (command, answer) => {
      const answered = next(answer);
      child.send(command);
      return answered;
    },
  };
}
