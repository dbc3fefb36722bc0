import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { probeImage } from '../src/media/probe.ts';
import { difference, run } from './helpers.ts';
import type { InputFile } from '../src/types.ts';

/** A picture with structure (a gradient and a block), so pixel comparisons mean something. */
async function picture(width: number, height: number): Promise<InputFile> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      raw[at] = Math.round((255 * x) / width);
      raw[at + 1] = Math.round((255 * y) / height);
      raw[at + 2] = x > width / 3 && x < width / 2 && y > height / 4 ? 230 : 40;
    }
  const bytes = await sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return { name: 'image', mime: 'image/png', bytes };
}

/** The region of an image as raw RGB. */
const region = (bytes: Buffer, left: number, top: number, width: number, height: number) =>
  sharp(bytes).extract({ left, top, width, height }).removeAlpha().raw().toBuffer();

function meanAbs(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let index = 0; index < a.length; index++) sum += Math.abs(a[index]! - b[index]!);
  return sum / a.length;
}

describe('local provider: result actions', () => {
  it('upscales to exactly 2× and 4× each side, keeping the picture', async () => {
    const source = await picture(96, 64);
    for (const [command, factor] of [
      ['upscale-2x', 2],
      ['upscale-4x', 4],
    ] as const) {
      const result = await run(command, { inputs: { image: [source] } });
      expect(result.outputs).toHaveLength(1);
      expect(await probeImage(result.outputs[0]!.bytes)).toMatchObject({
        format: 'png',
        width: 96 * factor,
        height: 64 * factor,
      });
      // Scaled back down, the upscale is the source again (a resize, not a new picture).
      expect(await difference(source.bytes, result.outputs[0]!.bytes)).toBeLessThan(6);
    }
  });

  it('refuses an upscale past the largest side', async () => {
    await expect(run('upscale-4x', { inputs: { image: [await picture(1100, 100)] } })).rejects.toMatchObject({
      code: 'BAD_INPUT',
    });
  });

  it('zooms out 2×: a canvas twice as large with the original untouched in the middle', async () => {
    const source = await picture(80, 60);
    const result = await run('zoom-out-2x', { inputs: { image: [source] } });
    const bytes = result.outputs[0]!.bytes;
    expect(await probeImage(bytes)).toMatchObject({ width: 160, height: 120 });
    const middle = await region(bytes, 40, 30, 80, 60);
    const original = await sharp(source.bytes).removeAlpha().raw().toBuffer();
    expect(meanAbs(middle, original)).toBe(0);
    // The border is painted (it continues the picture), not left blank.
    const corner = await sharp(bytes).extract({ left: 0, top: 0, width: 30, height: 20 }).stats();
    expect(corner.channels[0]!.stdev + corner.channels[1]!.stdev).toBeGreaterThan(1);
  });

  it('custom zoom uses the factor option', async () => {
    const result = await run('zoom-custom', {
      inputs: { image: [await picture(100, 50)] },
      options: { factor: 1.2 },
    });
    expect(await probeImage(result.outputs[0]!.bytes)).toMatchObject({ width: 120, height: 60 });
    await expect(
      run('zoom-custom', { inputs: { image: [await picture(100, 50)] }, options: { factor: 3 } }),
    ).rejects.toMatchObject({ code: 'BAD_INPUT' });
  });

  it('pans left: 50% wider with the original on the right', async () => {
    const source = await picture(80, 60);
    const result = await run('pan-left', { inputs: { image: [source] } });
    const bytes = result.outputs[0]!.bytes;
    expect(await probeImage(bytes)).toMatchObject({ width: 120, height: 60 });
    const original = await sharp(source.bytes).removeAlpha().raw().toBuffer();
    expect(meanAbs(await region(bytes, 40, 0, 80, 60), original)).toBe(0);
    expect(meanAbs(await region(bytes, 0, 0, 80, 60), original)).toBeGreaterThan(10);
  });

  it('pans down: 50% taller with the original at the top', async () => {
    const source = await picture(60, 80);
    const bytes = (await run('pan-down', { inputs: { image: [source] } })).outputs[0]!.bytes;
    expect(await probeImage(bytes)).toMatchObject({ width: 60, height: 120 });
    const original = await sharp(source.bytes).removeAlpha().raw().toBuffer();
    expect(meanAbs(await region(bytes, 0, 0, 60, 80), original)).toBe(0);
  });

  it('makes a wide image square, the original centred', async () => {
    const source = await picture(120, 60);
    const bytes = (await run('make-square', { inputs: { image: [source] } })).outputs[0]!.bytes;
    expect(await probeImage(bytes)).toMatchObject({ width: 120, height: 120 });
    const original = await sharp(source.bytes).removeAlpha().raw().toBuffer();
    expect(meanAbs(await region(bytes, 0, 30, 120, 60), original)).toBe(0);
  });

  it('keeps subtle variations closer to the source than strong ones, for smooth and busy pictures', async () => {
    const busy = Buffer.alloc(128 * 128 * 3);
    for (let index = 0; index < busy.length; index++) busy[index] = (index * 7) % 256;
    const noisy: InputFile = {
      name: 'image',
      mime: 'image/png',
      bytes: await sharp(busy, { raw: { width: 128, height: 128, channels: 3 } })
        .png()
        .toBuffer(),
    };
    for (const source of [await picture(128, 128), noisy]) await subtleCloser(source);
  });
});

/** Subtle variations of the source are closer to it, by mean pixel distance, than strong ones. */
async function subtleCloser(source: InputFile) {
  const distance = async (command: string) => {
    const result = await run(command, { inputs: { image: [source] } });
    expect(result.outputs).toHaveLength(5);
    let total = 0;
    for (const output of result.outputs.slice(0, 4)) total += await difference(source.bytes, output.bytes);
    return total / 4;
  };
  const subtle = await distance('vary-subtle');
  const strong = await distance('vary-strong');
  expect(subtle).toBeGreaterThan(0);
  expect(strong).toBeGreaterThan(subtle * 1.5);
}
