import { findUserById, setUserModeration } from '@app/db';
import { countRows } from '@app/db/testing';
import { makeZip } from '@app/jobs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers.ts';
import { createJobsApp, png, submit, upload, user } from '../jobs/helpers.ts';
import { CORPUS_BLOCKLIST, EVASIONS, QUOTED_HARMLESS, WAYS } from './fixtures/prompt-corpus.ts';
import { adminSession } from './helpers.ts';

let t: TestContext;
let admin: { id: string; cookie: string };
beforeAll(async () => {
  // The corpus is sent from one address, far faster than anyone types.
  t = await createJobsApp({ JOB_SUBMIT_RATE_LIMIT: '5000' });
  admin = await adminSession(t);
  for (const term of CORPUS_BLOCKLIST) {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blocklist',
      payload: term,
      headers: { cookie: admin.cookie },
    });
    expect(added.statusCode, added.body).toBe(201);
  }
});
afterAll(async () => t.close());

/** The evasions the issue quotes, and one of each way of writing per category. */
const SAMPLE = [
  ...EVASIONS.filter((evasion) => evasion.way === 'quoted in the issue'),
  ...WAYS.flatMap(([way]) =>
    ['minors-sexual', 'gore', 'other'].map((category) =>
      EVASIONS.find((evasion) => evasion.way === way && evasion.category === category)!,
    ),
  ),
];

/** A person who is never paused by the refusals a test sends on purpose. */
async function refusedEach(
  me: { id: string; cookie: string },
  send: (
    text: string,
  ) => Promise<{ statusCode: number; json(): { error?: { code?: string; category?: string } } }>,
  evasions: readonly { text: string; category: string; way: string }[],
) {
  const missed: string[] = [];
  for (const evasion of evasions) {
    await setUserModeration(t.database.db, me.id, { pausedUntil: null });
    const response = await send(evasion.text);
    const error = response.json().error;
    if (
      response.statusCode !== 422 ||
      error?.code !== 'PROMPT_REFUSED' ||
      error.category !== evasion.category
    )
      missed.push(`${evasion.way}: ${JSON.stringify(evasion.text)} → ${response.statusCode} ${error?.code}`);
  }
  return missed;
}

describe('every evasion is refused at each studio entry point, nothing charged', () => {
  it('POST /api/jobs refuses the whole evasive corpus', async () => {
    const me = await user(t, 'evader', { credits: 10 });
    const jobs = await countRows(t.database.db, 'jobs');
    const missed = await refusedEach(
      me,
      (prompt) => submit(t, me.cookie, { command: 'make', options: { prompt } }),
      EVASIONS,
    );
    expect(missed).toEqual([]);
    expect((await findUserById(t.database.db, me.id))!.credits).toBe(10);
    expect(await countRows(t.database.db, 'jobs')).toBe(jobs);
  }, 240_000);

  it('an edit of a result (POST /api/jobs/:id/actions) refuses them too', async () => {
    const me = await user(t, 'editor', { credits: 10 });
    const made = await submit(t, me.cookie, { command: 'make', options: { prompt: 'a quiet lake' } });
    expect(made.statusCode).toBe(202);
    const missed = await refusedEach(
      me,
      (prompt) =>
        t.app.inject({
          method: 'POST',
          url: `/api/jobs/${made.json().job.id}/actions`,
          payload: { action: 'edit', prompt },
          headers: { cookie: me.cookie },
        }),
      SAMPLE,
    );
    expect(missed).toEqual([]);
    expect((await findUserById(t.database.db, me.id))!.credits).toBe(6);
  }, 120_000);

  it('LoRA names written to evade are refused before the training is charged', async () => {
    const me = await user(t, 'trainer', { credits: 1000 });
    const images = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => ({ name: `face${i}.png`, bytes: await png(48, 48, i * 30) })),
    );
    const zip = (await upload(t, me.cookie, makeZip(images), 'faces.zip')).json().upload.id;
    const names = [
      'x_decapitated',
      'Big_Decapitated',
      'my_zorblax',
      'superDecapitated',
      'naked_child',
      'ZORBLAX-2',
    ];
    const missed = await refusedEach(
      me,
      (name) => submit(t, me.cookie, { command: 'loracreatefromzip', options: { name, zip } }),
      names.map((text) => ({
        text,
        category: /zorblax/i.test(text) ? 'other' : /naked/.test(text) ? 'minors-sexual' : 'gore',
        way: 'LoRA name',
      })),
    );
    expect(missed).toEqual([]);
    expect((await findUserById(t.database.db, me.id))!.credits).toBe(1000);
    expect(await countRows(t.database.db, 'loras')).toBe(0);
  }, 60_000);
});

describe('the harmless prompts the issue quotes are accepted and count toward nothing', () => {
  it('each is queued from the studio, and as an edit, with the blocklist term "kill" listed', async () => {
    const people = [];
    for (const prompt of QUOTED_HARMLESS) {
      // One person each: nobody waits on the running-jobs limit.
      const me = await user(t, 'innocent', { credits: 20 });
      people.push(me);
      const response = await submit(t, me.cookie, { command: 'make', options: { prompt } });
      expect(response.statusCode, `${prompt}: ${response.body}`).toBe(202);
      const edited = await t.app.inject({
        method: 'POST',
        url: `/api/jobs/${response.json().job.id}/actions`,
        payload: { action: 'edit', prompt: `${prompt}, at dawn` },
        headers: { cookie: me.cookie },
      });
      expect(edited.statusCode, `${prompt}: ${edited.body}`).toBe(202);
    }
    for (const me of people) {
      const fresh = (await findUserById(t.database.db, me.id))!;
      expect(fresh.pausedUntil).toBeNull();
      expect(fresh.credits).toBe(12);
    }
  });
});

describe('blocklist terms match whole words unless an admin marks them substrings', () => {
  it('"kill" refuses "kills" but not "Killarney" or "skills", until it is marked a substring', async () => {
    const me = await user(t, 'irish', { credits: 100 });
    const make = (prompt: string) => submit(t, me.cookie, { command: 'make', options: { prompt } });
    expect((await make('a dragon that kills knights')).statusCode).toBe(422);
    expect((await make('Killarney lake in Ireland')).statusCode).toBe(202);
    expect((await make('a painter with great skills')).statusCode).toBe(202);

    const listed = await t.app.inject({ url: '/api/admin/blocklist', headers: { cookie: admin.cookie } });
    const kill = listed.json().terms.find((term: { term: string }) => term.term === 'kill');
    expect(kill).toMatchObject({ category: 'violence', substring: false });
    const marked = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/blocklist/${kill.id}`,
      payload: { term: 'kill', category: 'violence', substring: true },
      headers: { cookie: admin.cookie },
    });
    expect(marked.json()).toMatchObject({ substring: true });
    await setUserModeration(t.database.db, me.id, { pausedUntil: null });
    expect((await make('Killarney lake in Ireland')).json().error?.category).toBe('violence');
    await setUserModeration(t.database.db, me.id, { pausedUntil: null });
    expect((await make('a painter with great skills')).statusCode).toBe(422);

    // An edit that leaves the flag out keeps it; the audit says what changed.
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/blocklist/${kill.id}`,
      payload: { term: 'kill', category: 'violence' },
      headers: { cookie: admin.cookie },
    });
    expect(renamed.json()).toMatchObject({ substring: true });
    const audit = await t.app.inject({ url: '/api/admin/audit', headers: { cookie: admin.cookie } });
    const edit = audit
      .json()
      .entries.find(
        (entry: { action: string; details: { before?: { substring?: boolean } } }) =>
          entry.action === 'blocklist.edit' && entry.details.before?.substring === false,
      );
    expect(edit.details.after).toEqual({ term: 'kill', category: 'violence', substring: true });
  });
});
