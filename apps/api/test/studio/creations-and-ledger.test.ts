import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { insertJob, markJobSucceeded, replaceJobMedia, setJobPublic, startJobAttempt } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers.ts';

const SHELL =
  '<!doctype html><html><head><title>HyperCreate</title></head><body><div id="root"></div></body></html>';
let ctx: TestContext;
let distDir: string;
let member: { cookie: string; userId: string };
let free: { cookie: string; userId: string };
let admin: { cookie: string; userId: string };

async function makeJob(userId: string, options: { public: boolean }) {
  const { db } = ctx.database;
  const job = await insertJob(db, {
    userId,
    command: 'make',
    family: 'image',
    options: { prompt: 'a "red" fox <at dawn>' },
    source: 'studio',
    requestId: `test-${Math.random()}`,
    costCredits: 4,
  });
  await replaceJobMedia(db, job!.id, [
    {
      index: 0,
      kind: 'image',
      mime: 'image/png',
      bytes: 10,
      width: 1024,
      height: 1024,
      storageKey: `jobs/${job!.id}/0.png`,
    },
  ]);
  await startJobAttempt(db, job!.id, 'local');
  await markJobSucceeded(db, job!.id, null);
  await setJobPublic(db, job!.id, options.public);
  return job!;
}

beforeAll(async () => {
  distDir = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  writeFileSync(path.join(distDir, 'index.html'), SHELL);
  ctx = await createTestApp({ PUBLIC_URL: 'https://create.example' });
  member = await ctx.signIn('member');
  free = await ctx.signIn('free');
  admin = await ctx.signIn('admin');
});
afterAll(async () => {
  await ctx?.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('GET /api/users/:userId/ledger', () => {
  it('shows the user their own changes with running balances, newest first', async () => {
    const response = await ctx.app.inject({
      url: `/api/users/${member.userId}/ledger`,
      headers: { cookie: member.cookie },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.entries.length).toBeGreaterThan(0);
    const [newest] = body.entries;
    expect(newest.credits).toBe(2500);
    expect(
      body.entries.every(
        (entry: { id: number }, i: number, all: { id: number }[]) => i === 0 || all[i - 1]!.id > entry.id,
      ),
    ).toBe(true);
  });

  it('refuses someone else’s history, but lets an admin read it', async () => {
    const other = await ctx.app.inject({
      url: `/api/users/${member.userId}/ledger`,
      headers: { cookie: free.cookie },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'You can only see your own history' },
    });
    const byAdmin = await ctx.app.inject({
      url: `/api/users/${member.userId}/ledger`,
      headers: { cookie: admin.cookie },
    });
    expect(byAdmin.statusCode).toBe(200);
    const signedOut = await ctx.app.inject({ url: `/api/users/${member.userId}/ledger` });
    expect(signedOut.statusCode).toBe(401);
  });

  it('answers a bad cursor with 400', async () => {
    const response = await ctx.app.inject({
      url: `/api/users/${member.userId}/ledger?cursor=abc`,
      headers: { cookie: member.cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/cursor/);
  });
});

describe('creations', () => {
  it('gives a public creation with its creator’s name to anyone', async () => {
    const job = await makeJob(member.userId, { public: true });
    const response = await ctx.app.inject({ url: `/api/creations/${job.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().creator.discordName).toBe('member');
    expect(response.json().job.outputs[0].mime).toBe('image/png');
  });

  it('keeps a private creation from everyone but its creator', async () => {
    const job = await makeJob(member.userId, { public: false });
    expect((await ctx.app.inject({ url: `/api/creations/${job.id}` })).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ url: `/api/creations/${job.id}`, headers: { cookie: free.cookie } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ url: `/api/creations/${job.id}`, headers: { cookie: member.cookie } }))
        .statusCode,
    ).toBe(200);
  });
});

describe('the /c/:id page', () => {
  it('carries the creation’s Open Graph tags, escaped, with absolute addresses', async () => {
    const { buildApp } = await import('../../src/app.ts');
    const app = await buildApp({ settings: ctx.settings, database: ctx.database, webDistDir: distDir });
    await app.ready();
    try {
      const job = await makeJob(member.userId, { public: true });
      const response = await app.inject({ url: `/c/${job.id}`, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain(
        `<meta property="og:image" content="https://create.example/media/jobs/${job.id}/0.png" />`,
      );
      expect(response.body).toContain(
        '<meta property="og:title" content="a &quot;red&quot; fox &lt;at dawn&gt;" />',
      );
      expect(response.body).toContain('content="Made by member"');
      expect(response.body).toContain(
        `<meta property="og:url" content="https://create.example/c/${job.id}" />`,
      );

      const hidden = await makeJob(member.userId, { public: false });
      const refused = await app.inject({ url: `/c/${hidden.id}`, headers: { accept: 'text/html' } });
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain('og:image');
      expect((await app.inject({ url: '/c/not-an-id', headers: { accept: 'text/html' } })).statusCode).toBe(
        404,
      );
    } finally {
      await app.close();
    }
  });
});
