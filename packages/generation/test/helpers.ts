import { jobWorkOf } from '@app/domain';
import sharp from 'sharp';
import { runFfmpeg } from '../src/media/ffmpeg.ts';
import { createLocalProvider } from '../src/providers/local/index.ts';
import type { GenerationRequest, GenerationResult, InputFile, ProviderContext } from '../src/types.ts';

/** Short training and music so the whole suite stays quick; everything else as users get it. */
export const provider = createLocalProvider({ trainingMs: 300, musicSeconds: 4 });

export function context(
  signal: AbortSignal = new AbortController().signal,
): ProviderContext & { progress: number[] } {
  const progress: number[] = [];
  return {
    signal,
    onProgress: (fraction) => progress.push(fraction),
    saveExternalId: async () => undefined,
    progress,
  };
}

export function request(command: string, extra: Partial<GenerationRequest> = {}): GenerationRequest {
  const job = jobWorkOf(command)!;
  return {
    jobId: 'job-1',
    command,
    family: job.family,
    work: job.work,
    prompt: 'a lighthouse on a cliff at dusk, ((stormy sky))',
    width: 160,
    height: 160,
    seed: 1234,
    inputs: {},
    options: {},
    ...extra,
  };
}

export async function run(
  command: string,
  extra: Partial<GenerationRequest> = {},
): Promise<GenerationResult> {
  return provider.run(request(command, extra), context());
}

/** A PNG of one colour, optionally with a second colour filling its left half. */
export async function solid(
  width: number,
  height: number,
  colour: string,
  left?: string,
): Promise<InputFile> {
  let image = sharp({ create: { width, height, channels: 3, background: colour } });
  if (left) {
    const half = await sharp({
      create: { width: Math.max(1, width >> 1), height, channels: 3, background: left },
    })
      .png()
      .toBuffer();
    image = sharp(await image.png().toBuffer()).composite([{ input: half, left: 0, top: 0 }]);
  }
  return { name: 'upload.png', mime: 'image/png', bytes: await image.png().toBuffer() };
}

/** Mean colour of an image. */
export async function meanColour(bytes: Buffer): Promise<{ r: number; g: number; b: number }> {
  const { channels } = await sharp(bytes).removeAlpha().stats();
  return { r: channels[0]!.mean, g: channels[1]!.mean, b: channels[2]!.mean };
}

/** Mean absolute difference per channel between two images of the same size, 0–255. */
export async function difference(a: Buffer, b: Buffer): Promise<number> {
  const meta = await sharp(a).metadata();
  const raw = (bytes: Buffer) => sharp(bytes).resize(meta.width, meta.height).removeAlpha().raw().toBuffer();
  const [left, right] = await Promise.all([raw(a), raw(b)]);
  let sum = 0;
  for (let index = 0; index < left.length; index++) sum += Math.abs(left[index]! - right[index]!);
  return sum / left.length;
}

/** Every frame of a video, shrunk to `size`×`size` RGB, for comparing motion. */
export async function videoFrames(bytes: Buffer, size = 16): Promise<Buffer[]> {
  const { stdout } = await runFfmpeg(
    ['-i', 'pipe:0', '-vf', `scale=${size}:${size}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    {
      stdin: bytes,
    },
  );
  const frame = size * size * 3;
  return Array.from({ length: Math.floor(stdout.length / frame) }, (_, index) =>
    stdout.subarray(index * frame, (index + 1) * frame),
  );
}

export function frameDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let index = 0; index < a.length; index++) sum += Math.abs(a[index]! - b[index]!);
  return sum / a.length;
}

export function makeRequest(overrides: Partial<GenerationRequest> = {}): GenerationRequest {
  const job = jobWorkOf(overrides.command ?? 'make')!;
  return {
    jobId: 'job-1',
    command: 'make',
    family: job.family,
    work: job.work,
    prompt: 'a lighthouse on a cliff, (stormy sky:1.3)',
    width: 512,
    height: 512,
    seed: 1234,
    inputs: {},
    options: {},
    ...overrides,
  };
}

export interface RecordingContext extends ProviderContext {
  progress: number[];
  saved: string[];
  controller: AbortController;
}

export function makeContext(overrides: Partial<ProviderContext> = {}): RecordingContext {
  const controller = new AbortController();
  const progress: number[] = [];
  const saved: string[] = [];
  return {
    signal: controller.signal,
    onProgress: (fraction) => progress.push(fraction),
    saveExternalId: async (id) => {
      saved.push(id);
    },
    ...overrides,
    progress,
    saved,
    controller,
  };
}
