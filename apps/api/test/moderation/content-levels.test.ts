import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  findUserById,
  getJob,
  insertJob,
  markJobSucceeded,
  replaceJobMedia,
  setUserPreferences,
  startJobAttempt,
} from '@app/db';
import { MATURE_ADULTS_ONLY_TEXT } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import type { TestContext } from '../helpers.ts';
import { createJobsApp, submit, user } from '../jobs/helpers.ts';
import { adminSession } from './helpers.ts';

let t: TestContext;
let web: App;
let distDir: string;
let admin: { id: string; cookie: string };
beforeAll(async () => {
  distDir = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  t = await createJobsApp({ PUBLIC_URL: 'https://create.example' });
  const { buildApp } = await import('../../src/app.ts');
  web = await buildApp({ settings: t.settings, database: t.database, webDistDir: distDir });
  await web.ready();
  admin = await adminSession(t);
});
afterAll(async () => {
  await web?.close();
  await t?.close();
  rmSync(distDir, { recursive: true, force: true });
});

/** A finished public creation with one image. */
async function finished(userId: string, prompt: string) {
  const { db } = t.database;
  const job = (await insertJob(db, {
    userId,
    command: 'make',
    family: 'image',
    options: { prompt },
    source: 'discord',
    requestId: `test-${Math.random()}`,
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
  await t.app.generation.storage.put(`jobs/${job.id}/0.png`, Buffer.from('png bytes'), 'image/png');
  await startJobAttempt(db, job.id, 'local');
  await markJobSucceeded(db, job.id, null);
  return job;
}

const setLevel = (id: string, level: string, cookie = admin.cookie) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/moderation/creations/${id}/level`,
    payload: { level },
    headers: { cookie },
  });
const gallery = async (cookie?: string) =>
  (await t.app.inject({ url: '/api/jobs?limit=100', headers: cookie ? { cookie } : {} })).json().jobs as {
    id: string;
    mature?: boolean;
    blur?: boolean;
  }[];
const settings = (cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: '/api/users/me/settings', payload, headers: { cookie } });

describe('content levels', () => {
  it('a mature creation reaches only adults, blurred by default, shown or hidden as they choose', async () => {
    const maker = await user(t, 'maker');
    const mature = await finished(maker.id, 'a knight beheaded in battle, pool of blood');
    const general = await finished(maker.id, 'a quiet harbour');
    expect((await setLevel(mature.id, 'mature')).json()).toEqual({ level: 'mature' });

    const teen = await user(t, 'teen');
    await setUserPreferences(t.database.db, teen.id, { ageBand: '13-17', guardianAcceptedAt: new Date() });
    const adult = await user(t, 'adult');

    const ids = async (cookie?: string) => (await gallery(cookie)).map((job) => job.id);
    for (const who of [undefined, teen.cookie]) {
      expect(await ids(who)).toContain(general.id);
      expect(await ids(who)).not.toContain(mature.id);
      // Its page, its API, its media and its share preview: as if it did not exist.
      const headers = who ? { cookie: who } : {};
      expect((await t.app.inject({ url: `/api/creations/${mature.id}`, headers })).statusCode).toBe(404);
      expect((await t.app.inject({ url: `/media/jobs/${mature.id}/0.png`, headers })).statusCode).toBe(404);
      const page = await web.inject({ url: `/c/${mature.id}`, headers: { ...headers, accept: 'text/html' } });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain('og:');
    }

    // An adult: blurred by default (the setting says so), shown, or hidden.
    const mine = (
      await t.app.inject({ url: '/api/users/me/settings', headers: { cookie: adult.cookie } })
    ).json();
    expect(mine.settings).toMatchObject({ matureDisplay: 'blur', matureAllowed: true });
    expect((await gallery(adult.cookie)).find((job) => job.id === mature.id)).toMatchObject({
      mature: true,
      blur: true,
    });
    expect((await gallery(adult.cookie)).find((job) => job.id === general.id)).not.toHaveProperty('blur');
    const page = await web.inject({
      url: `/c/${mature.id}`,
      headers: { cookie: adult.cookie, accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect((await settings(adult.cookie, { matureDisplay: 'show' })).json().settings.matureDisplay).toBe(
      'show',
    );
    const shown = (await gallery(adult.cookie)).find((job) => job.id === mature.id);
    expect(shown).toMatchObject({ mature: true });
    expect(shown).not.toHaveProperty('blur');
    await settings(adult.cookie, { matureDisplay: 'hide' });
    expect(await ids(adult.cookie)).not.toContain(mature.id);

    // The maker always sees their own, unblurred.
    const own = (
      await t.app.inject({ url: '/api/jobs?mine=true&limit=50', headers: { cookie: maker.cookie } })
    ).json().jobs;
    expect(own.find((job: { id: string }) => job.id === mature.id)).toMatchObject({ mature: true });

    // Under 18 cannot choose to see them.
    const refused = await settings(teen.cookie, { matureDisplay: 'show' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('ADULTS_ONLY');
  });

  it('the admin changes a creation’s level, audited; nobody else can', async () => {
    const maker = await user(t, 'leveller');
    const job = await finished(maker.id, 'a red kite');
    expect((await setLevel(job.id, 'mature', maker.cookie)).statusCode).toBe(403);
    expect((await setLevel(job.id, 'spicy')).statusCode).toBe(400);
    expect((await setLevel(job.id, 'mature')).statusCode).toBe(200);
    expect(await gallery()).not.toContainEqual(expect.objectContaining({ id: job.id }));
    expect((await setLevel(job.id, 'general')).statusCode).toBe(200);
    expect(await gallery()).toContainEqual(expect.objectContaining({ id: job.id }));
    const audit = (await t.app.inject({ url: '/api/admin/audit', headers: { cookie: admin.cookie } })).json();
    const entries = audit.entries.filter(
      (entry: { action: string; details: { jobId?: string } }) =>
        entry.action === 'moderation.level' && entry.details.jobId === job.id,
    );
    expect(entries.map((entry: { details: { after: unknown } }) => entry.details.after)).toEqual([
      { level: 'general' },
      { level: 'mature' },
    ]);
  });

  it('an accepted prompt with sexual or gore terms makes a mature creation; others stay general', async () => {
    const me = await user(t, 'sculptor', { credits: 20 });
    const nude = await submit(t, me.cookie, {
      command: 'make',
      options: { prompt: 'a nude statue in a museum' },
    });
    expect(nude.statusCode).toBe(202);
    expect(nude.json().job.mature).toBe(true);
    expect((await getJob(t.database.db, nude.json().job.id))!.contentLevel).toBe('mature');
    const plain = await submit(t, me.cookie, { command: 'make', options: { prompt: 'a marble statue' } });
    expect((await getJob(t.database.db, plain.json().job.id))!.contentLevel).toBe('general');

    // Under 18, a mature prompt is refused before anything is charged; an ordinary one is made.
    const teen = await user(t, 'young-sculptor', { credits: 20 });
    await setUserPreferences(t.database.db, teen.id, { ageBand: '13-17', guardianAcceptedAt: new Date() });
    const refused = await submit(t, teen.cookie, {
      command: 'make',
      options: { prompt: 'a nude statue in a museum' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'ADULTS_ONLY', message: MATURE_ADULTS_ONLY_TEXT });
    expect((await findUserById(t.database.db, teen.id))!.credits).toBe(20);
    expect(
      (await submit(t, teen.cookie, { command: 'make', options: { prompt: 'a marble statue' } })).statusCode,
    ).toBe(202);
  });
});
