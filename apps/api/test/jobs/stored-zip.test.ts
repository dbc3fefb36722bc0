import { findUserById, listLoras } from '@app/db';
import { createLocalProvider } from '@app/generation';
import { makeZip } from '@app/jobs/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers.ts';
import { createJobsApp, png, startTestWorker, submit, upload, user, waitForJob } from './helpers.ts';

let t: TestContext;
let stopWorker: () => Promise<void>;
beforeAll(async () => {
  t = await createJobsApp();
  stopWorker = await startTestWorker(t, createLocalProvider({ trainingMs: 50 }));
});
afterAll(async () => {
  await stopWorker?.();
  await t?.close();
});

describe('/loracreatefromzip with a ZIP whose entries are stored uncompressed (zip -0)', () => {
  it('trains the LoRA and charges the training once', async () => {
    const me = await user(t, 'stored-zip', { credits: 500 });
    const images = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => ({
        name: `photo${i}.png`,
        bytes: await png(64, 64, i * 20),
        method: 'stored' as const,
      })),
    );
    const uploaded = await upload(t, me.cookie, makeZip(images), 'photos.zip');
    expect(uploaded.statusCode).toBe(201);
    const response = await submit(t, me.cookie, {
      command: 'loracreatefromzip',
      options: { name: 'StoredInk', zip: uploaded.json().upload.id },
    });
    expect(response.statusCode).toBe(202);

    const done = await waitForJob(t, me.cookie, response.json().job.id, 60_000);
    expect(done.status).toBe('succeeded');
    const [lora] = (await listLoras(t.database.db, me.id)).filter((row) => row.name === 'StoredInk');
    expect(lora).toMatchObject({ status: 'ready' });
    expect((await findUserById(t.database.db, me.id))!.credits).toBe(100);
  }, 90_000);
});
