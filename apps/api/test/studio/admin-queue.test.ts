import {
  endJob,
  insertJob,
  markFleetHostDown,
  openSlotLocks,
  registerFleetHosts,
  startJobAttempt,
} from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

async function job(userId: string, family: 'image' | 'audio', command: string) {
  return (await insertJob(ctx.database.db, {
    userId,
    command,
    family,
    options: {},
    source: 'studio',
    requestId: `queue-${Math.random()}`,
  }))!;
}

describe('GET /api/admin/queue', () => {
  it('shows admins the counts per family and state, the oldest active jobs and the failures with their errors', async () => {
    const member = await ctx.signIn('member');
    const admin = await ctx.signIn('admin');
    const first = await job(member.userId, 'image', 'make');
    await job(member.userId, 'image', 'make');
    const speech = await job(member.userId, 'audio', 'speak');
    await startJobAttempt(ctx.database.db, speech.id, 'local');
    await endJob(ctx.database.db, speech.id, 'failed', {
      code: 'PROVIDER_DOWN',
      message: 'The speech server did not answer',
    });

    const response = await ctx.app.inject({ url: '/api/admin/queue', headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.counts).toEqual(
      expect.arrayContaining([
        { family: 'image', status: 'queued', count: 2 },
        { family: 'audio', status: 'failed', count: 1 },
      ]),
    );
    expect(body.active[0]).toMatchObject({
      id: first.id,
      command: 'make',
      discordName: 'member',
      status: 'queued',
    });
    expect(body.failures[0]).toMatchObject({
      id: speech.id,
      error: { code: 'PROVIDER_DOWN', message: 'The speech server did not answer' },
    });

    const refused = await ctx.app.inject({ url: '/api/admin/queue', headers: { cookie: member.cookie } });
    expect(refused.statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/admin/queue' })).statusCode).toBe(401);
  });

  it('shows each generation host as every process sees it: state, busy slots, jobs done, last error in full', async () => {
    const admin = await ctx.signIn('admin');
    const [gpu] = await registerFleetHosts(ctx.database.db, [
      { host: 'http://gpu-a:7860', provider: 'a1111', families: ['image'], slots: 2 },
      { host: 'http://gpu-b:7860', provider: 'a1111', families: ['image'], slots: 1 },
    ]);
    const locks = await openSlotLocks(ctx.database);
    await locks.tryLock(gpu!.lockKey, 0);
    await markFleetHostDown(
      ctx.database.db,
      'http://gpu-b:7860',
      'BACKEND_UNREACHABLE: connect ECONNREFUSED 10.0.0.7:7860',
    );
    try {
      const body = (
        await ctx.app.inject({ url: '/api/admin/queue', headers: { cookie: admin.cookie } })
      ).json();
      expect(body.hosts).toEqual([
        expect.objectContaining({
          host: 'http://gpu-a:7860',
          status: 'up',
          slots: 2,
          busy: 1,
          jobsDone: 0,
          lastError: null,
        }),
        expect.objectContaining({
          host: 'http://gpu-b:7860',
          status: 'down',
          busy: 0,
          lastError: {
            message: 'BACKEND_UNREACHABLE: connect ECONNREFUSED 10.0.0.7:7860',
            at: expect.any(String),
          },
        }),
      ]);
    } finally {
      await locks.close();
    }
  });
});
