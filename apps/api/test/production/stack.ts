import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, until } from '../jobs/processes.ts';

/** The flags npm start and the image run the API with (scripts/lib.mjs, plain JavaScript). */
const scriptsLib = '../../../../scripts/lib.mjs';
const { SERVER_NODE_FLAGS } = (await import(scriptsLib)) as { SERVER_NODE_FLAGS: readonly string[] };

/**
 * Processes for the production rehearsal: each started as an operator starts it, with only the
 * environment given here (nothing inherited but PATH and HOME), in its own process group so that
 * a failing run still stops everything it started.
 */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface Proc {
  name: string;
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<Proc>();
const folders = new Set<string>();

export function tempFolder(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.add(dir);
  return dir;
}

/** The environment a process gets: PATH and HOME from ours, the rest from `env` alone. */
const bare = (env: Record<string, string>) => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: process.env.HOME ?? os.tmpdir(),
  ...env,
});

export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string> },
): Proc {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: bare(options.env),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const proc: Proc = {
    name,
    child,
    output: () => output,
    exited: new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal }))),
  };
  running.add(proc);
  void proc.exited.then(() => running.delete(proc));
  return proc;
}

/** Runs a command to its end; rejects with its output when it fails. */
export async function runToEnd(
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string> },
): Promise<string> {
  const proc = startProcess(name, command, args, options);
  const { code } = await proc.exited;
  if (code !== 0) throw new Error(`${name} failed (${code}):\n${proc.output().slice(-4000)}`);
  return proc.output();
}

/** Waits for a line in a process's output; fails early when the process exits. */
export function waitForOutput(proc: Proc, pattern: RegExp, ms = 60_000): Promise<RegExpExecArray> {
  return until(async () => {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited:\n${proc.output().slice(-4000)}`);
    return pattern.exec(proc.output());
  }, ms);
}

/** `KEY: value` lines an emulator prints at start-up. */
export function printedKeys(output: string): Record<string, string> {
  return Object.fromEntries([...output.matchAll(/^([A-Za-z_ ]+): (\S+)$/gm)].map((m) => [m[1]!, m[2]!]));
}

/** A compiled API process of the production install on a port chosen beforehand. */
export async function startApi(name: string, install: string, port: number, env: Record<string, string>) {
  const proc = startProcess(
    name,
    path.join(install, 'node_modules/.bin/node'),
    [...SERVER_NODE_FLAGS, 'apps/api/dist/server.js'],
    { cwd: install, env: { ...env, HOST: '127.0.0.1', PORT: String(port) } },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForOutput(proc, /HyperCreate is running at/, 90_000);
  await until(async () => (await fetch(`${url}/api/health`).catch(() => null))?.ok, 30_000);
  return { proc, url };
}

export { freePort, until };

/** Stops every process still running (its whole group) and removes every folder made here. */
export async function cleanUp(): Promise<void> {
  for (const proc of running) {
    try {
      process.kill(-proc.child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await Promise.all([...running].map((proc) => proc.exited));
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  folders.clear();
}
