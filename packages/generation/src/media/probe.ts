import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ProviderError } from '../types.ts';
import { decodeImage, isPixelLimitError, MAX_INPUT_PIXELS } from './decode.ts';
import { runFfmpeg, untrustedInput, withTempDir } from './ffmpeg.ts';

export interface ImageInfo {
  width: number;
  height: number;
  format: string;
  /** Frames of an animated image (GIF, WebP); 1 for a still. */
  pages: number;
}

/** Size and format of an image, upright as a viewer shows it (EXIF rotation applied). */
export async function probeImage(bytes: Buffer): Promise<ImageInfo> {
  try {
    const meta = await decodeImage(bytes, { animated: true }).metadata();
    const pages = meta.pages ?? 1;
    const width = meta.autoOrient?.width ?? meta.width ?? 0;
    const height = meta.autoOrient?.height ?? meta.height ?? 0;
    // An animation's height is that of all its frames stacked.
    return {
      width,
      height: pages > 1 ? (meta.pageHeight ?? height / pages) : height,
      format: meta.format ?? 'unknown',
      pages,
    };
  } catch (cause) {
    if (isPixelLimitError(cause)) {
      throw new ProviderError(
        'IMAGE_TOO_LARGE',
        `The image has more than ${MAX_INPUT_PIXELS / 1_000_000} million pixels; send a smaller one.`,
        { retryable: false, cause },
      );
    }
    throw new ProviderError('BAD_IMAGE', 'The image could not be read.', { retryable: false, cause });
  }
}

export interface MediaInfo {
  /** Length in milliseconds, as the container states it. */
  durationMs: number;
  video?: { codec: string; width: number; height: number };
  audio?: { codec: string; sampleRate: number };
}

/** Reads ffmpeg's description of its input (`Duration: 00:00:03.00`, `Stream #0:0: Video: h264 …`). */
export function parseMediaInfo(stderr: string): MediaInfo | null {
  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(stderr);
  if (!duration) return null;
  const info: MediaInfo = {
    durationMs: Math.round(
      (Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])) * 1000,
    ),
  };
  const video = /Stream #\d+:\d+.*?: Video: (\w+).*?, (\d{2,5})x(\d{2,5})/.exec(stderr);
  if (video) info.video = { codec: video[1]!, width: Number(video[2]), height: Number(video[3]) };
  const audio = /Stream #\d+:\d+.*?: Audio: (\w+).*?, (\d+) Hz/.exec(stderr);
  if (audio) info.audio = { codec: audio[1]!, sampleRate: Number(audio[2]) };
  return info;
}

/** Duration and streams of an audio or video file. Throws when ffmpeg cannot read it. */
export async function probeMedia(bytes: Buffer, signal?: AbortSignal): Promise<MediaInfo> {
  return withTempDir(async (dir) => {
    const file = join(dir, 'input');
    await writeFile(file, bytes);
    // Decoding to nothing reads the whole file, so a truncated one fails here rather than later.
    const { stderr } = await runFfmpeg([...untrustedInput(file), '-f', 'null', '-'], { signal }).catch(
      (cause: unknown) => {
        throw new ProviderError('BAD_MEDIA', 'The audio or video file could not be read.', {
          retryable: false,
          cause,
        });
      },
    );
    const info = parseMediaInfo(stderr);
    if (!info)
      throw new ProviderError('BAD_MEDIA', 'The audio or video file could not be read.', {
        retryable: false,
      });
    return info;
  });
}

/** Loudest sample of the audio track, in dBFS (0 is full scale; -91 is digital silence). */
export async function audioPeakDb(bytes: Buffer, signal?: AbortSignal): Promise<number> {
  return withTempDir(async (dir) => {
    const file = join(dir, 'input');
    await writeFile(file, bytes);
    const { stderr } = await runFfmpeg(
      [...untrustedInput(file), '-vn', '-af', 'volumedetect', '-f', 'null', '-'],
      {
        signal,
      },
    );
    const peak = /max_volume: (-?[\d.]+|-inf) dB/.exec(stderr)?.[1];
    return peak === undefined || peak === '-inf' ? -Infinity : Number(peak);
  });
}
