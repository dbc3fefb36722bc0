import sharp from 'sharp';
import { decodeImage } from '../../media/decode.ts';
import { cancelled } from '../../media/ffmpeg.ts';
import {
  ProviderError,
  type GenerationOutput,
  type GenerationRequest,
  type InputFile,
  type ProviderContext,
} from '../../types.ts';

/** Settings of the local provider; the defaults suit a real user, tests shorten them. */
export interface LocalSettings {
  /** How long LoRA training takes. The style analysis itself is quick; the wait mirrors a real trainer's queue. */
  trainingMs: number;
  /** Length of a /music track. */
  musicSeconds: number;
  /** Frames per second of every video. */
  fps: number;
}

export const DEFAULT_LOCAL_SETTINGS: LocalSettings = { trainingMs: 5_000, musicSeconds: 20, fps: 24 };

/** Everything a command handler needs: the request, the worker's context and the settings. */
export interface Job {
  request: GenerationRequest;
  context: ProviderContext;
  settings: LocalSettings;
}

/** Reports progress and stops the job at this point if it was cancelled. */
export function step(job: Job, fraction: number): void {
  if (job.context.signal.aborted) throw cancelled();
  job.context.onProgress(Math.max(0, Math.min(1, fraction)));
}

export function badInput(message: string): ProviderError {
  return new ProviderError('BAD_INPUT', message, { retryable: false });
}

/** The files of an attachment option, or a plain-words error naming what is missing. */
export function requireInputs(request: GenerationRequest, name: string, what = 'an image'): InputFile[] {
  const files = request.inputs[name] ?? [];
  if (files.length === 0) throw badInput(`This command needs ${what} (${name}).`);
  return files;
}

/** Largest side the local provider works at for user images, so a huge upload stays quick. */
export const MAX_INPUT_SIDE = 2048;

/** An uploaded image, decoded, upright, without alpha, no larger than MAX_INPUT_SIDE, as PNG. */
export async function loadImage(file: InputFile): Promise<{ png: Buffer; width: number; height: number }> {
  try {
    const { data, info } = await decodeImage(file.bytes)
      .rotate()
      .resize(MAX_INPUT_SIDE, MAX_INPUT_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch (cause) {
    throw new ProviderError('BAD_IMAGE', `The file ${file.name} could not be read as an image.`, {
      retryable: false,
      cause,
    });
  }
}

/** Rounds down to an even number of at least 2: H.264 in yuv420p needs even sides. */
export function even(value: number): number {
  return Math.max(2, Math.floor(value / 2) * 2);
}

export function pngOutput(bytes: Buffer, width: number, height: number): GenerationOutput {
  return { kind: 'image', mime: 'image/png', bytes, width, height };
}

/** The denoise of the request or option, clamped to the range the guides state. */
export function denoiseOf(request: GenerationRequest, fallback: number): number {
  const raw = request.denoise ?? request.options.denoise;
  const value = typeof raw === 'number' && Number.isFinite(raw) ? raw : fallback;
  return Math.min(0.9, Math.max(0.1, value));
}

/** The image as a layer of the given opacity, whatever alpha it had. */
export function translucent(png: Buffer, opacity: number): Promise<Buffer> {
  return sharp(png).removeAlpha().ensureAlpha(opacity).png().toBuffer();
}
