import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ProviderError } from '../types.ts';

let cachedPath: string | undefined;

/** The ffmpeg binary shipped inside the @ffmpeg-installer package for this platform. */
export function ffmpegPath(): string {
  if (cachedPath) return cachedPath;
  try {
    const installer = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string };
    cachedPath = installer.path;
    return cachedPath;
  } catch (cause) {
    throw new ProviderError('MEDIA_TOOL_MISSING', 'Video and audio cannot be made on this server.', {
      retryable: false,
      cause,
    });
  }
}

export interface FfmpegOptions {
  signal?: AbortSignal;
  /** Bytes or a stream of chunks written to ffmpeg's standard input (`-i pipe:0`). */
  stdin?: Buffer | AsyncIterable<Buffer>;
  /** The length of the output, so that `onProgress` can report a fraction. */
  totalSeconds?: number;
  onProgress?: (fraction: number) => void;
}

export interface FfmpegResult {
  stdout: Buffer;
  stderr: string;
}

/** Longest audio or video we read from a user's file; ffmpeg stops reading past it. */
export const MAX_INPUT_MEDIA_SECONDS = 300;

/**
 * `-i file` for a file from outside, with ffmpeg's look at it bounded (bytes probed, time analysed)
 * and its reading stopped a second past MAX_INPUT_MEDIA_SECONDS, whatever the container claims, so a
 * caller can tell a file that is too long from one that just fits.
 */
export function untrustedInput(file: string): string[] {
  return [
    '-probesize',
    String(10 * 1024 * 1024),
    '-analyzeduration',
    String(20_000_000),
    '-t',
    String(MAX_INPUT_MEDIA_SECONDS + 1),
    '-i',
    file,
  ];
}

export function cancelled(): ProviderError {
  return new ProviderError('CANCELLED', 'The job was cancelled.', { retryable: false });
}

/**
 * Runs ffmpeg and resolves when it exits cleanly. Aborting the signal kills the process at once.
 * ffmpeg reports on standard error, so the text is kept for parsing (durations, levels) and for the
 * cause of a failure.
 */
export function runFfmpeg(args: string[], options: FfmpegOptions = {}): Promise<FfmpegResult> {
  const { signal, stdin, totalSeconds, onProgress } = options;
  if (signal?.aborted) return Promise.reject(cancelled());
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), ['-hide_banner', '-y', ...(stdin ? [] : ['-nostdin']), ...args], {
      stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let stderr = '';
    let aborted = false;
    const onAbort = () => {
      aborted = true;
      child.kill('SIGKILL');
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout!.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr!.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      // Keep the start (stream info) and a tail; long runs print a progress line per frame.
      stderr =
        stderr.length > 200_000 ? stderr.slice(0, 100_000) + stderr.slice(-50_000) + text : stderr + text;
      const time = /time=(\d+):(\d+):(\d+(?:\.\d+)?)/.exec(text);
      if (time && totalSeconds && onProgress) {
        const seconds = Number(time[1]) * 3600 + Number(time[2]) * 60 + Number(time[3]);
        onProgress(Math.min(1, seconds / totalSeconds));
      }
    });
    if (stdin && child.stdin) {
      const source = Buffer.isBuffer(stdin) ? Readable.from([stdin]) : Readable.from(stdin);
      // ffmpeg may stop reading early (killed, or it has all it needs); that is not our failure.
      pipeline(source, child.stdin).catch(() => undefined);
    }
    child.on('error', (cause) => {
      signal?.removeEventListener('abort', onAbort);
      reject(
        new ProviderError('MEDIA_TOOL_FAILED', 'The media tool could not start.', { retryable: true, cause }),
      );
    });
    child.on('close', (code) => {
      signal?.removeEventListener('abort', onAbort);
      if (aborted) return reject(cancelled());
      if (code !== 0) {
        return reject(
          new ProviderError('MEDIA_TOOL_FAILED', 'Making the media failed.', {
            retryable: false,
            cause: new Error(stderr.split('\n').slice(-8).join('\n')),
          }),
        );
      }
      resolve({ stdout: Buffer.concat(out), stderr });
    });
  });
}

/** Runs `work` in a fresh temporary folder that is removed afterwards, whatever happens. */
export async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'hypercreate-media-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
