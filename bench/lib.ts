import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts a TypeScript server script and resolves with its port once it prints `PORT n`, with what
 * it printed before (a server may print more it wants the bench to know, such as a cookie).
 */
export function startServer(
  script: string,
  env: Record<string, string> = {},
): Promise<{ port: number; child: ChildProcess; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /PORT (\d+)/.exec(output) ?? /running at http:\/\/[^:]+:(\d+)/.exec(output);
      if (match) resolve({ port: Number(match[1]), child, output });
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}: ${output}`)));
    setTimeout(() => reject(new Error(`${script} did not start: ${output}`)), 90_000).unref();
  });
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/**
 * CPU time (user + system, in microseconds) a process has used so far, from /proc; undefined where
 * there is no /proc. On a shared machine requests/s swing with the neighbours' load, while the CPU
 * a server spends per request barely moves, so the bench reports both.
 */
export function cpuMicros(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, fields 14 and 15 of the whole line, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return undefined;
  }
}
