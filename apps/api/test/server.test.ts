import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { entryPointArgs } from './entry-point.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'server-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function start(env: Record<string, string> = {}) {
  const child = spawn(process.execPath, entryPointArgs('apps/api/src/server.ts'), {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = new Promise<string>((resolve, reject) => {
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!.replace('localhost', '127.0.0.1'));
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  return { child, url };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

describe('the server process', () => {
  it('stops with a message that names a bad PORT', () => {
    const result = spawnSync(process.execPath, entryPointArgs('apps/api/src/server.ts'), {
      cwd: ROOT,
      env: { ...process.env, PORT: 'abc', DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT');
  });

  it('prints its URL, keeps data across a restart and shuts down cleanly on SIGTERM', async () => {
    const first = start();
    const url = await first.url;
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    const signIn = await fetch(`${url}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ discordName: 'restart-check' }),
    });
    const { user_id: userId } = (await signIn.json()) as { user_id: string };
    const cookie = /sid=[^;]+/.exec(signIn.headers.get('set-cookie') ?? '')![0];
    first.child.kill('SIGTERM');
    expect(await exited(first.child)).toBe(0);

    const second = start();
    const again = await second.url;
    const me = await fetch(`${again}/api/auth/`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user_id: string }).user_id).toBe(userId);
    second.child.kill('SIGINT');
    expect(await exited(second.child)).toBe(0);
  }, 90_000);
});
