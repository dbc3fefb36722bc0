import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { runFfmpeg, withTempDir } from './ffmpeg.ts';

/** Size of a poster or waveform picture: wide enough for a gallery tile at twice its CSS size. */
export const POSTER_SIZE = 512;
/** The waveform's drawing size before it is encoded; matches a tile's shape. */
const WAVEFORM = { width: 640, height: 360, color: '#8b5cf6' };

const EXTENSION: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/ogg': 'ogg',
};

/** Runs ffmpeg on the media as a file (MP4 needs a seekable input) and returns the PNG it writes. */
async function pictureOf(bytes: Buffer, mime: string, filter: string[]): Promise<Buffer> {
  return withTempDir(async (dir) => {
    const input = join(dir, `in.${EXTENSION[mime] ?? 'bin'}`);
    const output = join(dir, 'out.png');
    await writeFile(input, bytes);
    await runFfmpeg(['-i', input, ...filter, '-frames:v', '1', output]);
    return readFile(output);
  });
}

/**
 * A WebP poster frame of a video: ffmpeg's `thumbnail` filter picks the most typical of the first
 * frames, so a fade from black does not give a black poster.
 */
export async function videoPoster(bytes: Buffer, mime: string): Promise<Buffer> {
  const frame = await pictureOf(bytes, mime, ['-vf', 'thumbnail=24', '-an']);
  return sharp(frame)
    .resize(POSTER_SIZE, POSTER_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 72 })
    .toBuffer();
}

/** A WebP picture of a sound's waveform (ffmpeg's `showwavespic`) on a dark ground. */
export async function audioWaveform(bytes: Buffer, mime: string): Promise<Buffer> {
  const { width, height, color } = WAVEFORM;
  const wave = await pictureOf(bytes, mime, [
    '-filter_complex',
    `aformat=channel_layouts=mono,showwavespic=s=${width}x${height}:colors=${color}`,
  ]);
  return sharp(wave)
    .flatten({ background: '#1e1b2e' })
    .resize(POSTER_SIZE, null, { withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}
