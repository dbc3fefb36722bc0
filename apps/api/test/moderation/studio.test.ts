import { findUserById, getJob } from '@app/db';
import { countRows } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers.ts';
import { createJobsApp, submit, user } from '../jobs/helpers.ts';
import { adminSession, queue } from './helpers.ts';

let t: TestContext;
let admin: { id: string; cookie: string };
beforeAll(async () => {
  t = await createJobsApp();
  admin = await adminSession(t);
});
afterAll(async () => t.close());

const make = (cookie: string, prompt: string) => submit(t, cookie, { command: 'make', options: { prompt } });

describe('prompt moderation in the studio', () => {
  it('refuses a minor term with a sexual term (also spaced, leetspeak, look-alike letters): 422 naming the category, nothing charged', async () => {
    for (const prompt of ['a nude child', 'n a k e d k i d', 'ɴᴜᴅᴇ ᴄʜɪʟᴅ']) {
      const me = await user(t, 'refused', { credits: 10 });
      const jobs = await countRows(t.database.db, 'jobs');
      const response = await make(me.cookie, prompt);
      expect(response.statusCode, prompt).toBe(422);
      expect(response.json().error).toMatchObject({
        code: 'PROMPT_REFUSED',
        category: 'minors-sexual',
        message: 'Your prompt was refused: sexual content involving minors. Nothing was charged.',
      });
      expect((await findUserById(t.database.db, me.id))!.credits).toBe(10);
      expect(await countRows(t.database.db, 'jobs')).toBe(jobs);
    }
  });

  it('refuses gore outside the horror channels, which the studio is', async () => {
    const me = await user(t, 'gore', { credits: 10 });
    const response = await make(me.cookie, 'a pile of severed heads, gore');
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe(
      'Your prompt was refused: gore and horror (allowed only in the age-restricted horror channels). Nothing was charged.',
    );
  });

  it('three refusals pause generation for 1 minute, stated in the third answer; refusals and the pause are queued', async () => {
    const me = await user(t, 'repeat', { credits: 10 });
    const answers = [];
    for (const prompt of ['nude child one', 'n4k3d kid two', 'sexy preteen three'])
      answers.push(await make(me.cookie, prompt));
    expect(answers.map((answer) => answer.statusCode)).toEqual([422, 422, 422]);
    expect(answers[1]!.json().error.message).not.toContain('paused');
    expect(answers[2]!.json().error.message).toMatch(
      /^Your prompt was refused: sexual content involving minors\. Nothing was charged\. After 3 refused prompts your generation is paused for 1 minute, until \d\d:\d\d UTC\.$/,
    );
    const pausedUntil = (await findUserById(t.database.db, me.id))!.pausedUntil!;
    expect(pausedUntil.getTime() - Date.now()).toBeGreaterThan(50_000);
    expect(pausedUntil.getTime() - Date.now()).toBeLessThanOrEqual(60_000);

    const clean = await make(me.cookie, 'a lighthouse');
    expect(clean.statusCode).toBe(403);
    expect(clean.json().error.code).toBe('GENERATION_PAUSED');
    expect(Number(clean.headers['retry-after'])).toBeGreaterThan(0);
    expect((await findUserById(t.database.db, me.id))!.credits).toBe(10);

    const mine = (await queue(t, admin)).filter((item) => item.person.id === me.id);
    expect(mine.filter((item) => item.kind === 'refusal').map((item) => item.prompt)).toEqual([
      'sexy preteen three',
      'n4k3d kid two',
      'nude child one',
    ]);
    expect(mine.filter((item) => item.kind === 'pause')).toHaveLength(1);
    expect(mine[0]!.person.pausedUntil).toBe(pausedUntil.toISOString());
  });

  it('blocklist edits apply to the next prompt, without a restart, and name their category', async () => {
    const me = await user(t, 'blocked', { credits: 20 });
    expect((await make(me.cookie, 'a portrait of Zorblax Quenn')).statusCode).toBe(202);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blocklist',
      payload: { term: 'zorblax quenn', category: 'real-people' },
      headers: { cookie: admin.cookie },
    });
    expect(added.statusCode).toBe(201);
    const refused = await make(me.cookie, 'a portrait of Z0RBLAX QUENN');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('Your prompt was refused: real people. Nothing was charged.');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/blocklist/${added.json().id}`,
      headers: { cookie: admin.cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect((await make(me.cookie, 'a portrait of Zorblax Quenn')).statusCode).toBe(202);
  });

  it('checks an edited prompt before anything is charged', async () => {
    const me = await user(t, 'editor', { credits: 20 });
    const made = await make(me.cookie, 'a quiet lake');
    const jobId = made.json().job.id;
    const edited = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/${jobId}/actions`,
      payload: { action: 'edit', prompt: 'a quiet lake, nude kids' },
      headers: { cookie: me.cookie },
    });
    expect(edited.statusCode).toBe(422);
    expect(edited.json().error.category).toBe('minors-sexual');
    expect((await findUserById(t.database.db, me.id))!.credits).toBe(16);
    expect((await getJob(t.database.db, jobId))!.id).toBe(jobId);
  });

  it('only admins read the queue or act', async () => {
    const me = await user(t, 'nosy');
    for (const [method, url] of [
      ['GET', '/api/admin/moderation'],
      ['GET', '/api/admin/blocklist'],
      ['GET', '/api/admin/audit'],
      ['POST', '/api/admin/moderation/actions'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: { cookie: me.cookie },
        payload: method === 'POST' ? {} : undefined,
      });
      expect(response.statusCode, url).toBe(403);
    }
  });
});
