import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { insertJob, markJobSucceeded, replaceJobMedia, setJobPublic, startJobAttempt } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers.ts';

/*
 * A creation page's share tags point at our one address: PUBLIC_URL, or without it the address
 * the server listens on; never the Host header a request brings.
 */

let ctx: TestContext;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
  rmSync(distDir, { recursive: true, force: true });
});

async function publicJob(userId: string) {
  const { db } = ctx.database;
  const job = (await insertJob(db, {
    userId,
    command: 'make',
    family: 'image',
    options: { prompt: 'a lighthouse' },
    source: 'studio',
    requestId: `share-${Math.random()}`,
    costCredits: 4,
  }))!;
  await replaceJobMedia(db, job.id, [
    {
      index: 0,
      kind: 'image',
      mime: 'image/png',
      bytes: 10,
      width: 64,
      height: 64,
      storageKey: `jobs/${job.id}/0.png`,
    },
  ]);
  await startJobAttempt(db, job.id, 'local');
  await markJobSucceeded(db, job.id, null);
  await setJobPublic(db, job.id, true);
  return job;
}

describe('GET /c/<id> without PUBLIC_URL', () => {
  it('builds its tags from our own address, whatever Host the request names', async () => {
    expect(ctx.settings.publicUrl).toBeUndefined();
    const { buildApp } = await import('../../src/app.ts');
    const app = await buildApp({ settings: ctx.settings, database: ctx.database, webDistDir: distDir });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const member = await ctx.signIn('share-member');
      const job = await publicJob(member.userId);
      const port = (app.server.address() as { port: number }).port;
      const response = await app.inject({
        url: `/c/${job.id}`,
        headers: { accept: 'text/html', host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      });
      expect(response.statusCode).toBe(200);
      // Our own address: the one the server listens on (a wildcard bind is named localhost).
      const own = `http://(localhost|127\\.0\\.0\\.1):${port}`;
      expect(response.body).toMatch(new RegExp(`<meta property="og:url" content="${own}/c/${job.id}" />`));
      expect(response.body).toMatch(new RegExp(`content="${own}/media/jobs/${job.id}/0\\.png"`));
      expect(response.body).not.toContain('evil.example');
    } finally {
      await app.close();
    }
  });
});
