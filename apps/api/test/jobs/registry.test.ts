import { COMMANDS, type CommandOption, isJobCommand } from '@app/domain';
import { probeImage, probeMedia } from '@app/generation';
import { providersFor, startWorker } from '@app/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers.ts';
import { createJobsApp, jpg, png, submit, upload, user, waitForJob } from './helpers.ts';
import { makeZip } from '@app/jobs/testing';

/** A second of a 440 Hz tone as 16-bit mono WAV. */
function wav(): Buffer {
  const rate = 16_000;
  const samples = Buffer.alloc(rate * 2);
  for (let i = 0; i < rate; i += 1)
    samples.writeInt16LE(Math.round(Math.sin((i / rate) * 2 * Math.PI * 440) * 8000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

/**
 * Every job command of the registry, submitted through the API on the embedded default (PGlite and
 * the local provider in a worker), ends `succeeded` with files a decoder reads.
 */
describe('every command of the registry on the embedded default', () => {
  let t: TestContext;
  let stop: () => Promise<void>;
  let cookie: string;
  const files: Record<string, string> = {};

  beforeAll(async () => {
    t = await createJobsApp({ MAX_ACTIVE_JOBS_PER_USER: '100' });
    const queue = await t.app.generation.queue();
    const worker = await startWorker({
      database: t.database,
      queue,
      storage: t.app.generation.storage,
      providers: providersFor(t.settings.generation.backends),
      settings: t.settings.generation,
      pollingIntervalSeconds: 0.5,
    });
    stop = () => worker.stop();
    cookie = (await user(t, 'registry', { credits: 100_000, hypercredits: 100_000 })).cookie;
    const id = async (bytes: Buffer, name: string) =>
      (await upload(t, cookie, bytes, name)).json().upload.id as string;
    files.png = await id(await png(256, 256), 'a.png');
    files.jpg = await id(await jpg(256, 192), 'b.jpg');
    files.wav = await id(wav(), 'voice.wav');
    const images = await Promise.all(Array.from({ length: 8 }, (_, i) => png(64, 64, i * 30)));
    files.zip = await id(makeZip(images.map((bytes, i) => ({ name: `set${i}.png`, bytes }))), 'set.zip');
  });
  afterAll(async () => {
    await stop();
    await t.close();
  });

  function valueFor(command: string, option: CommandOption): string | number | undefined {
    if (option.type === 'attachment') {
      if (option.accepts?.includes('zip')) return files.zip;
      if (option.accepts?.includes('wav')) return files.wav;
      return option.name.endsWith('2') || option.name === 'second' ? files.jpg : files.png;
    }
    if (option.name === 'name') return `${command}Model`;
    if (option.type === 'number')
      return option.min !== undefined && option.max !== undefined ? (option.min + option.max) / 2 : 1;
    if (option.type === 'string')
      return command === 'speak' ? 'Hello there, traveller. -wizard' : 'a lighthouse on a cliff at dusk';
    return undefined;
  }

  const jobCommands = COMMANDS.filter((command) => isJobCommand(command.name));

  it.each(jobCommands.map((command) => [command.name, command] as const))(
    '/%s',
    async (_name, command) => {
      const options = Object.fromEntries(
        command.options
          .filter((option) => option.required || option.type !== 'attachment')
          .map((option) => [option.name, valueFor(command.name, option)]),
      );
      const response = await submit(t, cookie, { command: command.name, options });
      expect(response.statusCode, response.body).toBe(202);
      const job = await waitForJob(t, cookie, response.json().job.id, 240_000);
      expect(job.status, JSON.stringify(job.error)).toBe('succeeded');
      if (command.category === 'lora') {
        const loras = (await t.app.inject({ method: 'GET', url: '/api/loras', headers: { cookie } })).json()
          .loras;
        const lora = loras.find((entry: { name: string }) => entry.name === `${command.name}Model`);
        expect(lora).toMatchObject({ status: 'ready' });
        // The local trainer's preview, drawn in the learned style, is the model's sample image.
        expect(lora.samples).toEqual([
          expect.objectContaining({ mime: 'image/png', width: 256, height: 256 }),
        ]);
        const sample = await t.app.inject({ method: 'GET', url: lora.samples[0].url, headers: { cookie } });
        expect(sample.statusCode).toBe(200);
        expect(await probeImage(sample.rawPayload)).toMatchObject({ width: 256, height: 256 });
        return;
      }
      if (command.name === 'describe') expect(job.text).toBeTruthy();
      else expect(job.outputs.length).toBeGreaterThan(0);
      for (const output of job.outputs) {
        const file = await t.app.inject({ method: 'GET', url: output.url, headers: { cookie } });
        expect(file.statusCode).toBe(200);
        if (output.mime.startsWith('image/'))
          expect((await probeImage(file.rawPayload)).width).toBeGreaterThan(0);
        else expect((await probeMedia(file.rawPayload)).durationMs).toBeGreaterThan(0);
      }
    },
    300_000,
  );
});
