import { spawn, type ChildProcess } from 'node:child_process';
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
    child.stdout!.on('data', (chunk: Buffer) => {
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
