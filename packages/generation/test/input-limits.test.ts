import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_INPUT_MEDIA_SECONDS, runFfmpeg } from '../src/media/ffmpeg.ts';
import { MAX_INPUT_PIXELS } from '../src/media/decode.ts';
import { probeImage } from '../src/media/probe.ts';
import { run, solid } from './helpers.ts';

/** A PNG of one colour over more pixels than allowed: a few hundred KB that would decode to 180 MB. */
const vastCanvas = () =>
  sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#000000' } })
    .png({ compressionLevel: 9 })
    .toBuffer();

describe('inputs are bounded by what they decode to', () => {
  it('refuses an image over the pixel limit from its header, before decoding it', async () => {
    const bytes = await vastCanvas();
    expect(10_000 * 6_000).toBeGreaterThan(MAX_INPUT_PIXELS);
    expect(bytes.length).toBeLessThan(1024 * 1024);
    await expect(probeImage(bytes)).rejects.toMatchObject({ code: 'IMAGE_TOO_LARGE', retryable: false });
    await expect(
      run('Change', {
        prompt: 'a lighthouse',
        inputs: { image: [{ name: 'image', mime: 'image/png', bytes }] },
      }),
    ).rejects.toMatchObject({ code: 'BAD_IMAGE', retryable: false });
  });

  it('/lipsync refuses audio longer than the input limit instead of filming all of it', async () => {
    // Low-rate silence: small on disk, long when played.
    const { stdout } = await runFfmpeg([
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=8000:cl=mono',
      '-t',
      String(MAX_INPUT_MEDIA_SECONDS + 20),
      '-codec:a',
      'libmp3lame',
      '-b:a',
      '8k',
      '-f',
      'mp3',
      'pipe:1',
    ]);
    await expect(
      run('lipsync', {
        inputs: {
          image: [await solid(120, 160, '#e0b090')],
          audio: [{ name: 'long.mp3', mime: 'audio/mpeg', bytes: stdout }],
        },
      }),
    ).rejects.toMatchObject({ code: 'BAD_MEDIA', message: expect.stringMatching(/longer than 5 minutes/) });
  });
});
