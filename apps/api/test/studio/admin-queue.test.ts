import { endJob, insertJob, startJobAttempt } from '@app/db';
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
});
