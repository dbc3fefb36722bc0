import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createFolderStorage, runFfmpeg, withTempDir } from '@app/generation';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { storeOutputs } from './store-outputs.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'store-outputs-'));
const storage = createFolderStorage({ baseDir: dir });
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const JOB = '00000000-0000-4000-8000-000000000001';

/** A second of ffmpeg's test pattern (or a tone), made the way a provider's output would be. */
const made = (args: string[], file: string) =>
  withTempDir(async (tmp) => {
    await runFfmpeg([...args, path.join(tmp, file)]);
    return readFile(path.join(tmp, file));
  });

describe('storing outputs', () => {
  it('puts a poster frame beside a video and a waveform picture beside a sound', async () => {
    const video = await made(
      ['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=12:duration=1', '-pix_fmt', 'yuv420p'],
      'v.mp4',
    );
    const audio = await made(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'], 'a.wav');
    const rows = await storeOutputs(storage, JOB, [
      { kind: 'video', mime: 'video/mp4', bytes: video, width: 320, height: 240 },
      { kind: 'audio', mime: 'audio/wav', bytes: audio },
    ]);

    const poster = await storage.get(rows[0]!.thumbKey!);
    expect(poster?.mime).toBe('image/webp');
    const frame = await sharp(poster!.bytes).metadata();
    expect([frame.format, frame.width, frame.height]).toEqual(['webp', 320, 240]);
    // A real frame of the pattern: many colours, not a blank picture.
    const { channels } = await sharp(poster!.bytes).stats();
    expect(channels[0]!.stdev).toBeGreaterThan(20);

    const wave = await storage.get(rows[1]!.thumbKey!);
    const picture = await sharp(wave!.bytes).metadata();
    expect(picture.format).toBe('webp');
    expect(picture.width).toBeGreaterThan(picture.height);
    // The wave is drawn in violet on the dark ground.
    const stats = await sharp(wave!.bytes).stats();
    expect(stats.channels[2]!.max).toBeGreaterThan(200);
    expect(stats.channels[2]!.min).toBeLessThan(60);
  }, 60_000);

  it('stores the media without a picture when none can be made', async () => {
    const rows = await storeOutputs(storage, JOB, [
      { kind: 'video', mime: 'video/mp4', bytes: Buffer.from('not really a video') },
    ]);
    expect(rows[0]!.thumbKey).toBeNull();
    expect((await storage.get(rows[0]!.storageKey))?.bytes.toString()).toBe('not really a video');
  });
});
