import { join } from 'node:path';
import { readFile, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { runFfmpeg } from '../../media/ffmpeg.ts';
import { mentions, promptWords } from './prompt-words.ts';
import { hashOf, randomFrom } from './random.ts';

/** How the camera moves over a still during a clip. */
export interface Motion {
  zoomFrom: number;
  zoomTo: number;
  /** -1 (towards the left/top) … 1 (towards the right/bottom): how far the view travels. */
  panX: number;
  panY: number;
  /** Degrees of hue turned per second: raw clips drift in colour too. */
  hueSpin: number;
}

/** Motion from the prompt's words (zoom in, pull back, left, right, rise, fall), varied by take; raw moves more. */
export function motionFor(prompt: string, seed: number, take: number, raw: boolean): Motion {
  const words = promptWords(prompt);
  const random = randomFrom(hashOf('motion', seed, take, prompt));
  const strength = raw ? 2.2 : 1;
  let zoomFrom = 1.15;
  let zoomTo = 1.15 + random.range(0.1, 0.25) * strength;
  if (mentions(words, 'away', 'back', 'reveal', 'revealing', 'wide', 'leaving'))
    [zoomFrom, zoomTo] = [zoomTo, zoomFrom];
  let panX = random.range(-0.6, 0.6) * strength;
  let panY = random.range(-0.3, 0.3) * strength;
  if (mentions(words, 'left')) panX = -0.8 * strength;
  if (mentions(words, 'right', 'drifting', 'drift')) panX = 0.8 * strength;
  if (mentions(words, 'rising', 'rise', 'up', 'ascending', 'flying')) panY = -0.6 * strength;
  if (mentions(words, 'falling', 'fall', 'down', 'sinking', 'rain')) panY = 0.6 * strength;
  return { zoomFrom, zoomTo, panX, panY, hueSpin: raw ? random.range(30, 90) : 0 };
}

/** The zoompan (and hue) filter that films a still with this motion into `frames` frames. */
export function motionFilter(
  motion: Motion,
  width: number,
  height: number,
  frames: number,
  fps: number,
): string {
  const progress = `(on/${Math.max(1, frames - 1)})`;
  const zoom = `${motion.zoomFrom}+(${motion.zoomTo - motion.zoomFrom})*${progress}`;
  const along = (pan: number) => `max(0,min(1,0.5+${(pan / 2).toFixed(3)}*(2*${progress}-1)))`;
  const filters = [
    `zoompan=z='${zoom}':x='(iw-iw/zoom)*${along(motion.panX)}':y='(ih-ih/zoom)*${along(motion.panY)}':d=${frames}:s=${width}x${height}:fps=${fps}`,
  ];
  if (motion.hueSpin) filters.push(`hue=h='${motion.hueSpin.toFixed(1)}*t'`);
  filters.push('format=yuv420p');
  return filters.join(',');
}

/** A still prepared for filming: twice the output size, so the moving view stays sharp. */
export async function prepareStill(
  png: Buffer,
  width: number,
  height: number,
  dir: string,
  name: string,
): Promise<string> {
  const path = join(dir, `${name}.png`);
  await writeFile(
    path,
    await sharp(png)
      .resize(width * 2, height * 2, { fit: 'cover' })
      .png()
      .toBuffer(),
  );
  return path;
}

export const H264 = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '23',
  '-pix_fmt',
  'yuv420p',
  '-movflags',
  '+faststart',
];

export interface ClipOptions {
  width: number;
  height: number;
  seconds: number;
  fps: number;
  motion: Motion;
  signal: AbortSignal;
  onProgress?: (fraction: number) => void;
}

/** One silent H.264 clip of a still in motion. */
export async function filmStill(stillPath: string, dir: string, options: ClipOptions): Promise<Buffer> {
  const frames = Math.round(options.seconds * options.fps);
  const out = join(dir, `clip-${hashOf(stillPath, frames)}.mp4`);
  await runFfmpeg(
    [
      '-i',
      stillPath,
      '-vf',
      motionFilter(options.motion, options.width, options.height, frames, options.fps),
      '-frames:v',
      String(frames),
      '-an',
      ...H264,
      out,
    ],
    { signal: options.signal, totalSeconds: options.seconds, onProgress: options.onProgress },
  );
  return readFile(out);
}
