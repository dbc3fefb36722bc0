import { findUserById } from '@app/db';
import { countRows, ledgerEntriesOf } from '@app/db/testing';
import { createLocalProvider } from '@app/generation';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeZip } from '@app/jobs/testing';
import type { TestContext } from '../helpers.ts';
import { createJobsApp, png, startTestWorker, submit, upload, user, waitForJob } from './helpers.ts';

let t: TestContext;
let stopWorker: (() => Promise<void>) | undefined;
beforeAll(async () => {
  t = await createJobsApp();
  // The offline provider, as `npm start` runs it: training really reads the unpacked images.
  stopWorker = await startTestWorker(t, createLocalProvider({ trainingMs: 50 }));
});
afterAll(async () => {
  await stopWorker?.();
  await t.close();
});

describe('a training ZIP whose directory understates its unpacked sizes', () => {
  it('is refused at submit with nothing charged, and a valid training submitted next finishes', async () => {
    const me = await user(t, 'trainer', { credits: 1000 });
    // Eight entries of 10 MiB of zeros, each declared as 1,000 bytes: 80 KB packed.
    const lying = makeZip(
      Array.from({ length: 8 }, (_, i) => ({
        name: `${i}.png`,
        bytes: Buffer.alloc(10 * 1024 * 1024),
        declaredSize: 1000,
      })),
    );
    const sent = await upload(t, me.cookie, lying, 'set.zip');
    expect(sent.statusCode).toBe(201);
    const jobsBefore = await countRows(t.database.db, 'jobs');

    const refused = await submit(t, me.cookie, {
      command: 'loracreatefromzip',
      options: { name: 'Zeros', zip: sent.json().upload.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'BAD_ZIP' });
    expect(refused.json().error.message).toMatch(/0\.png unpacks to more than the ZIP declares/);
    expect(await countRows(t.database.db, 'jobs')).toBe(jobsBefore);
    expect(await countRows(t.database.db, 'loras')).toBe(0);
    expect((await findUserById(t.database.db, me.id))?.credits).toBe(1000);
    expect(await ledgerEntriesOf(t.database.db, me.id)).toEqual([]);

    const images = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => ({ name: `face${i}.png`, bytes: await png(48, 48, i * 30) })),
    );
    const honest = await upload(t, me.cookie, makeZip(images), 'faces.zip');
    const accepted = await submit(t, me.cookie, {
      command: 'loracreatefromzip',
      options: { name: 'Faces', zip: honest.json().upload.id },
    });
    expect(accepted.statusCode, accepted.body).toBe(202);
    const job = await waitForJob(t, me.cookie, accepted.json().job.id);
    expect(job).toMatchObject({ status: 'succeeded', cost: { credits: 400, hypercredits: 0 } });
    expect((await findUserById(t.database.db, me.id))?.credits).toBe(600);
    const loras = (
      await t.app.inject({ method: 'GET', url: '/api/loras', headers: { cookie: me.cookie } })
    ).json();
    expect(loras.loras).toEqual([expect.objectContaining({ name: 'Faces', status: 'ready' })]);
  });
});

describe('an image upload whose header claims a vast canvas', () => {
  it('is refused with 413 and nothing stored', async () => {
    const me = await user(t, 'uploader');
    const vast = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#000000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const uploadsBefore = await countRows(t.database.db, 'uploads');
    const response = await upload(t, me.cookie, vast, 'vast.png');
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatchObject({ code: 'IMAGE_TOO_LARGE' });
    expect(response.json().error.message).toMatch(/more than 50 million pixels/);
    expect(await countRows(t.database.db, 'uploads')).toBe(uploadsBefore);
    expect((await upload(t, me.cookie, await png(640, 480), 'fine.png')).statusCode).toBe(201);
  });
});
