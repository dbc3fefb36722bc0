import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parsePromptFlags } from '@app/domain';
import { probeImage } from '../src/media/probe.ts';
import { difference, meanColour, run, solid } from './helpers.ts';

describe('local provider: /make', () => {
  it('answers four distinct PNGs at the asked aspect, then their 2×2 grid', async () => {
    const { width, height } = parsePromptFlags('a lighthouse -wide', { baseSize: 160 });
    const result = await run('make', { width, height });
    expect(result.outputs).toHaveLength(5);
    for (const output of result.outputs.slice(0, 4)) {
      expect(await probeImage(output.bytes)).toMatchObject({ format: 'png', width, height });
      expect(output).toMatchObject({ kind: 'image', mime: 'image/png', width, height });
    }
    expect(await probeImage(result.outputs[4]!.bytes)).toMatchObject({
      width: width * 2,
      height: height * 2,
    });
    expect(width / height).toBeCloseTo(16 / 9, 1);
    const images = result.outputs.slice(0, 4).map((output) => output.bytes);
    for (let a = 0; a < 4; a++)
      for (let b = a + 1; b < 4; b++) expect(await difference(images[a]!, images[b]!)).toBeGreaterThan(5);
  });

  it('makes tall images for -tall', async () => {
    const { width, height } = parsePromptFlags('x -tall', { baseSize: 128 });
    const result = await run('make', { width, height });
    const info = await probeImage(result.outputs[0]!.bytes);
    expect(info.width / info.height).toBeCloseTo(9 / 16, 1);
  });

  it('is deterministic per seed and changes with the seed', async () => {
    const [first, again, other] = await Promise.all([run('make'), run('make'), run('make', { seed: 99 })]);
    expect(first.outputs[0]!.bytes.equals(again.outputs[0]!.bytes)).toBe(true);
    expect(first.outputs[0]!.bytes.equals(other.outputs[0]!.bytes)).toBe(false);
  });

  it('draws in the colours the prompt names, heavier words counting more', async () => {
    const red = await meanColour((await run('make', { prompt: '((red fire)), crimson' })).outputs[4]!.bytes);
    const blue = await meanColour((await run('make', { prompt: '((blue ocean)), sky' })).outputs[4]!.bytes);
    expect(red.r).toBeGreaterThan(red.b + 30);
    expect(blue.b).toBeGreaterThan(blue.r + 30);
  });
});

describe('local provider: image commands', () => {
  it('/describe names the main colour and the shape of a mostly red landscape', async () => {
    const result = await run('describe', {
      prompt: '',
      inputs: { image: [await solid(320, 160, '#d02020')] },
    });
    expect(result.outputs).toEqual([]);
    expect(result.text).toMatch(/\bred\b/);
    expect(result.text).toMatch(/landscape|wide/);
    const tall = await run('describe', {
      prompt: '',
      inputs: { image: [await solid(90, 200, '#1030c0', '#f0f0f0')] },
    });
    expect(tall.text).toMatch(/portrait/);
    expect(tall.text).toMatch(/blue/);
    expect(tall.text).toMatch(/white/);
  });

  it('/blend mixes both uploads into a grid', async () => {
    const first = await solid(200, 200, '#ff0000');
    const second = await solid(120, 240, '#0000ff');
    const result = await run('blend', { inputs: { first: [first], second: [second] } });
    expect(result.outputs).toHaveLength(5);
    const colour = await meanColour(result.outputs[0]!.bytes);
    expect(colour.r).toBeGreaterThan(40);
    expect(colour.b).toBeGreaterThan(40);
  });

  it('/Change and /adjust keep more of the upload at low denoise than at high', async () => {
    const image = await solid(160, 120, '#808080');
    for (const command of ['Change', 'adjust']) {
      const low = await run(command, { inputs: { image: [image] }, denoise: 0.1 });
      const high = await run(command, { inputs: { image: [image] }, denoise: 0.9 });
      expect(await probeImage(low.outputs[0]!.bytes)).toMatchObject({ width: 160, height: 120 });
      const changedLow = await difference(image.bytes, low.outputs[0]!.bytes);
      const changedHigh = await difference(image.bytes, high.outputs[0]!.bytes);
      expect(changedHigh).toBeGreaterThan(changedLow * 3);
    }
  });

  it('the fill commands add 256 px on each side that grows and keep the original in the middle', async () => {
    const image = await solid(100, 80, '#20a040');
    const sizes = { filltall: [100, 592], fillwide: [612, 80], fillboth: [612, 592] } as const;
    for (const [command, [width, height]] of Object.entries(sizes)) {
      const result = await run(command, { inputs: { image: [image] } });
      expect(result.outputs).toHaveLength(1);
      expect(await probeImage(result.outputs[0]!.bytes)).toMatchObject({ width, height });
      const left = command === 'filltall' ? 0 : 256;
      const top = command === 'fillwide' ? 0 : 256;
      const middle = await sharp(result.outputs[0]!.bytes)
        .extract({ left, top, width: 100, height: 80 })
        .png()
        .toBuffer();
      expect(await difference(middle, image.bytes)).toBeLessThan(1);
    }
  });

  it('vary answers four close but different takes on the image', async () => {
    const source = await solid(160, 160, '#3050d0', '#f0c020');
    const result = await run('vary', { prompt: '', inputs: { image: [source] } });
    expect(result.outputs).toHaveLength(5);
    const [a, b] = [result.outputs[0]!.bytes, result.outputs[1]!.bytes];
    expect(await difference(a, b)).toBeGreaterThan(1);
    expect(await difference(a, source.bytes)).toBeLessThan(60);
  });

  it('GIF turns the four images into a looping four-frame animation', async () => {
    const made = await run('make');
    const images = made.outputs
      .slice(0, 4)
      .map((output, index) => ({ name: `${index}.png`, mime: 'image/png', bytes: output.bytes }));
    const result = await run('gif', { inputs: { image: images } });
    expect(result.outputs[0]).toMatchObject({ kind: 'image', mime: 'image/gif' });
    expect(await probeImage(result.outputs[0]!.bytes)).toMatchObject({
      format: 'gif',
      pages: 4,
      width: 160,
      height: 160,
    });
    const single = await run('gif', { inputs: { image: [images[0]!] } });
    expect((await probeImage(single.outputs[0]!.bytes)).pages).toBe(4);
  });
});
