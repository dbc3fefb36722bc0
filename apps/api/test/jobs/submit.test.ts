import { countRows, ledgerEntriesOf } from '@app/db/testing';
import { findUserById } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers.ts';
import { createJobsApp, jpg, png, submit, upload, user } from './helpers.ts';
import { makeZip } from '@app/jobs/testing';

let t: TestContext;
beforeAll(async () => {
  t = await createJobsApp();
});
afterAll(async () => t.close());

/** Nothing charged, no job and no LoRA stored: what every refused submission must leave. */
async function nothingChanged(userId: string, credits: number) {
  expect((await findUserById(t.database.db, userId))!.credits).toBe(credits);
  expect(await countRows(t.database.db, 'jobs')).toBe(jobsBefore);
}
let jobsBefore = 0;

describe('POST /api/jobs', () => {
  it('queues a /make, holds its price and answers the job; the same request id again is the same job, charged once', async () => {
    const me = await user(t, 'maker', { credits: 10 });
    const body = {
      command: 'make',
      options: { prompt: 'a fox in the snow -wide' },
      requestId: 'studio-req-0001',
    };
    const first = await submit(t, me.cookie, body);
    expect(first.statusCode).toBe(202);
    const job = first.json().job;
    expect(job).toMatchObject({
      command: 'make',
      kind: 'image',
      status: 'queued',
      cost: { credits: 4, hypercredits: 0 },
      public: true,
      mine: true,
      outputs: [],
    });
    const again = await submit(t, me.cookie, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().job.id).toBe(job.id);
    expect((await findUserById(t.database.db, me.id))!.credits).toBe(6);
    expect((await ledgerEntriesOf(t.database.db, me.id)).filter((row) => row.delta < 0)).toHaveLength(1);
  });

  it('answers 402 with the price and the balance, and charges nothing, when the balance is short', async () => {
    const me = await user(t, 'poor', { credits: 3 });
    jobsBefore = await countRows(t.database.db, 'jobs');
    const response = await submit(t, me.cookie, { command: 'make', options: { prompt: 'x' } });
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toEqual({
      code: 'INSUFFICIENT_CREDITS',
      message: 'This costs 4 credits; you have 3 credits.',
      cost: { credits: 4, hypercredits: 0 },
      balance: { credits: 3, hypercredits: 0 },
    });
    await nothingChanged(me.id, 3);
  });

  it('refuses bad options with a clear 400 and charges nothing', async () => {
    const me = await user(t, 'careless', { credits: 50 });
    jobsBefore = await countRows(t.database.db, 'jobs');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ command: 'teleport', options: {} }, /no command \/teleport/],
      [{ command: 'help', options: {} }, /not a generation job/],
      [{ command: 'make', options: {} }, /\/make needs prompt/],
      [{ command: 'make', options: { prompt: 'x', colour: 'red' } }, /has no option colour/],
      [
        {
          command: 'Change',
          options: { image: '00000000-0000-4000-8000-000000000000', prompt: 'x', denoise: 2 },
        },
        /denoise of \/Change must be between 0.1 and 0.9/,
      ],
      [{ command: 'make', options: { prompt: 7 } }, /prompt of \/make must be text/],
      [{ command: 'describe', options: { image: 'not-an-id' } }, /must be the id of a file/],
      [
        { command: 'describe', options: { image: '00000000-0000-4000-8000-000000000000' } },
        /not found among your uploads/,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await submit(t, me.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.message).toMatch(message);
    }
    await nothingChanged(me.id, 50);
  });

  it("refuses someone else's upload and an upload of the wrong kind", async () => {
    const owner = await user(t, 'owner', { credits: 50 });
    const thief = await user(t, 'thief', { credits: 50 });
    const image = (await upload(t, owner.cookie, await png())).json().upload;
    jobsBefore = await countRows(t.database.db, 'jobs');
    const stolen = await submit(t, thief.cookie, { command: 'describe', options: { image: image.id } });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.code).toBe('UPLOAD_NOT_FOUND');
    const wrongKind = await submit(t, owner.cookie, {
      command: 'lipsync',
      options: { image: image.id, audio: image.id },
    });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().error.message).toMatch(/audio must be mp3, wav, ogg, m4a/);
    await nothingChanged(thief.id, 50);
    await nothingChanged(owner.id, 50);
  });

  it('takes uploads by their bytes: a text file named .png is refused and nothing is stored', async () => {
    const me = await user(t, 'uploader');
    const uploadsBefore = await countRows(t.database.db, 'uploads');
    const fake = await upload(t, me.cookie, Buffer.from('just some text, honestly'), 'photo.png');
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.message).toMatch(/judged by its contents/);
    expect(await countRows(t.database.db, 'uploads')).toBe(uploadsBefore);
    const real = await upload(t, me.cookie, await jpg(), 'photo.png');
    expect(real.statusCode).toBe(201);
    expect(real.json().upload).toMatchObject({
      mime: 'image/jpeg',
      url: expect.stringMatching(/^\/media\/uploads\/.+\.jpg$/),
    });
  });

  it('refuses training ZIPs with too many images, paths that leave the folder, or a bomb, before unpacking', async () => {
    const me = await user(t, 'trainer', { credits: 2000 });
    const image = await png(32, 32);
    const images = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ name: `img${i}.png`, bytes: image }));
    const zips: [Buffer, RegExp][] = [
      [makeZip(images(41)), /8 to 40 png or jpg images/],
      [makeZip(images(5)), /8 to 40 png or jpg images/],
      [makeZip([...images(8), { name: '../evil.png', bytes: image }]), /leaves its folder/],
      [
        makeZip([...images(8), { name: 'bomb.png', bytes: Buffer.alloc(30 * 1024 * 1024) }]),
        /too large once unpacked|far more than it weighs/,
      ],
      [makeZip([...images(8), { name: 'notes.txt', bytes: Buffer.from('hi') }]), /not a png or jpg/],
    ];
    jobsBefore = await countRows(t.database.db, 'jobs');
    for (const [zip, message] of zips) {
      const uploaded = await upload(t, me.cookie, zip, 'set.zip');
      expect(uploaded.statusCode).toBe(201);
      const response = await submit(t, me.cookie, {
        command: 'loracreatefromzip',
        options: { name: 'Ink', zip: uploaded.json().upload.id },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(message);
    }
    await nothingChanged(me.id, 2000);
    expect(await countRows(t.database.db, 'loras')).toBe(0);
  });

  it('resolves -lora to one of your ready LoRAs, and otherwise names the ones you have', async () => {
    const me = await user(t, 'lora-user', { credits: 50 });
    jobsBefore = await countRows(t.database.db, 'jobs');
    const response = await submit(t, me.cookie, {
      command: 'make',
      options: { prompt: 'a knight -lora FoxKnight' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'LORA_NOT_FOUND' });
    expect(response.json().error.message).toMatch(/FoxKnight was not found.*no trained LoRAs yet/);
    await nothingChanged(me.id, 50);
  });

  it('limits queued and running jobs per user (429 TOO_MANY_JOBS)', async () => {
    const me = await user(t, 'busy', { credits: 1000 });
    for (let i = 0; i < t.settings.generation.maxActiveJobsPerUser; i += 1) {
      expect((await submit(t, me.cookie, { command: 'make', options: { prompt: `p${i}` } })).statusCode).toBe(
        202,
      );
    }
    const over = await submit(t, me.cookie, { command: 'make', options: { prompt: 'one more' } });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('TOO_MANY_JOBS');
    expect(over.headers['retry-after']).toBe('15');
  });

  it('lists every job command with its price', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/jobs/prices' });
    const prices = response.json().prices as {
      command: string;
      cost: { credits: number; hypercredits: number };
    }[];
    expect(prices.find((price) => price.command === 'make')?.cost).toEqual({ credits: 4, hypercredits: 0 });
    expect(prices.find((price) => price.command === 'video')?.cost.hypercredits).toBeGreaterThan(0);
    expect(prices.some((price) => price.command === 'help')).toBe(false);
  });
});
