import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runFfmpeg, withTempDir } from '../../media/ffmpeg.ts';

/** Sample rate of everything synthesized here: plenty for music on a phone, cheap to compute. */
export const SAMPLE_RATE = 22_050;

/** A mono track being written: signals are added into it at a time offset. */
export class Track {
  readonly samples: Float32Array;

  constructor(seconds: number) {
    this.samples = new Float32Array(Math.ceil(seconds * SAMPLE_RATE));
  }

  /** Adds `length` seconds of `signal(t)` (t in seconds from `at`), scaled by `gain`. */
  add(at: number, length: number, gain: number, signal: (t: number, index: number) => number): void {
    const start = Math.max(0, Math.round(at * SAMPLE_RATE));
    const end = Math.min(this.samples.length, start + Math.round(length * SAMPLE_RATE));
    for (let index = start; index < end; index++) {
      const local = index - start;
      this.samples[index]! += gain * signal(local / SAMPLE_RATE, local);
    }
  }

  /** Feedback echoes: a cheap room. `decay` per echo, `delay` seconds apart. */
  echo(delay: number, decay: number): void {
    const offset = Math.max(1, Math.round(delay * SAMPLE_RATE));
    for (let index = offset; index < this.samples.length; index++) {
      this.samples[index]! += this.samples[index - offset]! * decay;
    }
  }

  /** One-pole low-pass: `amount` near 1 is dull and distant, 0 leaves the sound as it is. */
  soften(amount: number): void {
    let previous = 0;
    for (let index = 0; index < this.samples.length; index++) {
      previous = previous * amount + this.samples[index]! * (1 - amount);
      this.samples[index] = previous;
    }
  }

  /** Scales to a peak of `peak`, with short fades so the file starts and ends without a click. */
  normalize(peak = 0.89): void {
    let max = 0;
    for (const sample of this.samples) max = Math.max(max, Math.abs(sample));
    const scale = max > 0 ? peak / max : 0;
    const fade = Math.min(Math.round(0.02 * SAMPLE_RATE), this.samples.length >> 1);
    for (let index = 0; index < this.samples.length; index++) {
      const edge = Math.min(1, index / fade, (this.samples.length - 1 - index) / fade);
      this.samples[index] = this.samples[index]! * scale * edge;
    }
  }
}

/** 16-bit mono PCM in a RIFF/WAVE container. */
export function encodeWav(samples: Float32Array, rate = SAMPLE_RATE): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  for (let index = 0; index < samples.length; index++) {
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[index]!)) * 32767), index * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Any audio ffmpeg reads, as MP3 (what every chat client plays inline), through optional filters. */
export async function toMp3(audio: Buffer, signal: AbortSignal, filters?: string): Promise<Buffer> {
  // Written to a file, not a pipe, so ffmpeg can go back and write the header that states the
  // length of a variable-bitrate MP3; players otherwise guess it from the bitrate, wrongly.
  return withTempDir(async (dir) => {
    const out = join(dir, 'audio.mp3');
    await runFfmpeg(
      [
        '-i',
        'pipe:0',
        ...(filters ? ['-af', filters] : []),
        '-ac',
        '1',
        '-codec:a',
        'libmp3lame',
        '-q:a',
        '5',
        out,
      ],
      { signal, stdin: audio },
    );
    return readFile(out);
  });
}

/** A note's frequency: `semitones` above A3 (220 Hz). */
export function frequencyOf(semitones: number): number {
  return 220 * 2 ** (semitones / 12);
}
