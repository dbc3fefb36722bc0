import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { MAX_INPUT_MEDIA_SECONDS, runFfmpeg, untrustedInput, withTempDir } from '../../media/ffmpeg.ts';
import { ProviderError, type GenerationResult } from '../../types.ts';
import { even, loadImage, requireInputs, step, type Job } from './job.ts';
import { H264 } from './motion.ts';

const ENVELOPE_RATE = 8_000;
/** Largest side of a lip-sync video from the local provider. */
const MAX_SIDE = 768;

/** Loudness per video frame, 0 (silence) to 1 (the loud parts), smoothed like a jaw that cannot snap shut. */
export function loudnessPerFrame(pcm: Buffer, fps: number): number[] {
  const samples = Math.floor(pcm.length / 2);
  const perFrame = ENVELOPE_RATE / fps;
  const frames = Math.max(1, Math.ceil(samples / perFrame));
  const rms: number[] = [];
  for (let frame = 0; frame < frames; frame++) {
    let sum = 0;
    const start = Math.floor(frame * perFrame);
    const end = Math.min(samples, Math.floor((frame + 1) * perFrame));
    for (let index = start; index < end; index++) sum += (pcm.readInt16LE(index * 2) / 32768) ** 2;
    rms.push(Math.sqrt(sum / Math.max(1, end - start)));
  }
  const loud = [...rms].sort((a, b) => a - b)[Math.floor(rms.length * 0.95)] || 1;
  let open = 0;
  return rms.map((value) => {
    const target = Math.min(1, value / loud);
    open = target > open ? open + (target - open) * 0.7 : open + (target - open) * 0.35;
    return open;
  });
}

/** Draws an open mouth into an RGB frame: a dark ellipse with a lip rim, as tall as `open` says. */
function drawMouth(frame: Buffer, width: number, height: number, open: number): void {
  const cx = width / 2;
  const cy = height * 0.68;
  const rx = width * 0.09;
  const ry = Math.max(1, height * (0.006 + 0.05 * open));
  for (let y = Math.floor(cy - ry - 2); y <= Math.ceil(cy + ry + 2); y++) {
    for (let x = Math.floor(cx - rx - 2); x <= Math.ceil(cx + rx + 2); x++) {
      if (x < 0 || y < 0 || x >= width || y >= height) continue;
      const d = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2;
      if (d > 1.25) continue;
      const offset = (y * width + x) * 3;
      const [r, g, b] = d <= 1 ? [45, 12, 18] : [150, 60, 70];
      frame[offset] = r;
      frame[offset + 1] = g;
      frame[offset + 2] = b;
    }
  }
}

/** /lipsync: the portrait's mouth opens with the audio's loudness, for as long as the audio lasts. */
export async function lipsync(job: Job): Promise<GenerationResult> {
  const { request, settings, context } = job;
  const image = await loadImage(requireInputs(request, 'image', 'a portrait')[0]!);
  const audio = requireInputs(request, 'audio', 'an audio file')[0]!;
  const scale = Math.min(
    1,
    Math.min(MAX_SIDE, Math.max(request.width, request.height)) / Math.max(image.width, image.height),
  );
  const width = even(image.width * scale);
  const height = even(image.height * scale);
  return withTempDir(async (dir) => {
    const audioPath = join(dir, 'audio');
    await writeFile(audioPath, audio.bytes);
    const { stdout: pcm } = await runFfmpeg(
      [
        ...untrustedInput(audioPath),
        '-vn',
        '-ac',
        '1',
        '-ar',
        String(ENVELOPE_RATE),
        '-f',
        's16le',
        'pipe:1',
      ],
      {
        signal: context.signal,
      },
    ).catch((cause: unknown) => {
      if (cause instanceof ProviderError && cause.code === 'CANCELLED') throw cause;
      throw new ProviderError('BAD_MEDIA', `The file ${audio.name} could not be read as audio.`, {
        retryable: false,
        cause,
      });
    });
    if (pcm.length < 2)
      throw new ProviderError('BAD_MEDIA', `The file ${audio.name} holds no sound.`, { retryable: false });
    const seconds = pcm.length / 2 / ENVELOPE_RATE;
    if (seconds > MAX_INPUT_MEDIA_SECONDS) {
      throw new ProviderError(
        'BAD_MEDIA',
        `The file ${audio.name} is longer than ${MAX_INPUT_MEDIA_SECONDS / 60} minutes; send a shorter one.`,
        { retryable: false },
      );
    }
    const openness = loudnessPerFrame(pcm, settings.fps);
    step(job, 0.15);
    const base = await sharp(image.png)
      .resize(width, height, { fit: 'cover' })
      .removeAlpha()
      .raw()
      .toBuffer();
    async function* frames(): AsyncGenerator<Buffer> {
      for (const open of openness) {
        const frame = Buffer.from(base);
        drawMouth(frame, width, height, open);
        yield frame;
      }
    }
    const out = join(dir, 'lipsync.mp4');
    await runFfmpeg(
      [
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgb24',
        '-s',
        `${width}x${height}`,
        '-r',
        String(settings.fps),
        '-i',
        'pipe:0',
        '-i',
        audioPath,
        '-map',
        '0:v',
        '-map',
        '1:a',
        ...H264,
        '-c:a',
        'aac',
        '-b:a',
        '128k',
        '-shortest',
        out,
      ],
      {
        signal: context.signal,
        stdin: frames(),
        totalSeconds: seconds,
        onProgress: (fraction) => context.onProgress(0.15 + 0.8 * fraction),
      },
    );
    step(job, 0.97);
    const bytes = await readFile(out);
    return {
      outputs: [
        { kind: 'video', mime: 'video/mp4', bytes, width, height, durationMs: Math.round(seconds * 1000) },
      ],
    };
  });
}
