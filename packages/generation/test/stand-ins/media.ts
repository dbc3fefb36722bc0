import { readFileSync } from 'node:fs';
import sharp from 'sharp';

/** A real PNG of one flat colour; the colour is derived from `seed` so tests can tell images apart. */
export async function pngBytes(width: number, height: number, seed: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colourFor(seed) } })
    .png()
    .toBuffer();
}

export function colourFor(seed: number): { r: number; g: number; b: number } {
  const n = Math.abs(Math.trunc(seed)) % 0xffffff;
  return { r: (n >> 16) & 0xff, g: (n >> 8) & 0xff, b: n & 0xff };
}

/** A real 16-bit mono PCM WAV file of a sine tone. */
export function wavBytes(durationMs: number, sampleRate = 8000): Buffer {
  const samples = Math.round((durationMs / 1000) * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 8000), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** A one-second 64×36 H.264 MP4 made once with ffmpeg and kept beside this file. */
export const mp4Bytes = (): Buffer => readFileSync(new URL('./fixtures/clip.mp4', import.meta.url));
