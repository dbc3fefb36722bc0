import sharp, { type OverlayOptions } from 'sharp';
import type { OutpaintFrame } from '@app/domain';
import { outpaintLayout, zoomOption } from '../shared/images.ts';
import type { GenerationResult } from '../../types.ts';
import { badInput, loadImage, pngOutput, requireInputs, step, translucent, type Job } from './job.ts';
import { renderScene } from './procedural.ts';
import { hashOf, randomFrom } from './random.ts';

/**
 * Outpaint (zoom out, pan, make square): the image on a larger canvas whose border continues the
 * picture. The border is the image's edges mirrored outwards, blurred, given grain so it does not
 * read as a flat smear, and tinted by the prompt's scene; the original stays untouched in place.
 */
export async function outpaint(
  job: Job,
  work: { denoise: number; frame: OutpaintFrame },
): Promise<GenerationResult> {
  const source = await loadImage(requireInputs(job.request, 'image')[0]!);
  let layout;
  try {
    layout = outpaintLayout(source.width, source.height, work.frame, zoomOption(job.request.options));
  } catch (error) {
    throw badInput(error instanceof Error ? error.message : 'This zoom cannot be made.');
  }
  const edges = {
    top: layout.top,
    left: layout.left,
    bottom: layout.height - source.height - layout.top,
    right: layout.width - source.width - layout.left,
  };
  step(job, 0.1);
  // Mirroring needs each extension to be smaller than the image; repeat until the canvas is reached.
  let extended = source.png;
  let done = { top: 0, left: 0, bottom: 0, right: 0 };
  while (Object.entries(edges).some(([side, size]) => done[side as keyof typeof done] < size)) {
    const meta = await sharp(extended).metadata();
    const room = { across: (meta.width ?? 1) - 1, down: (meta.height ?? 1) - 1 };
    const add = {
      top: Math.min(edges.top - done.top, room.down),
      bottom: Math.min(edges.bottom - done.bottom, room.down),
      left: Math.min(edges.left - done.left, room.across),
      right: Math.min(edges.right - done.right, room.across),
    };
    extended = await sharp(extended)
      .extend({ ...add, extendWith: 'mirror' })
      .png()
      .toBuffer();
    done = {
      top: done.top + add.top,
      bottom: done.bottom + add.bottom,
      left: done.left + add.left,
      right: done.right + add.right,
    };
  }
  step(job, 0.4);
  const layers: OverlayOptions[] = [
    { input: await grain(layout.width, layout.height, job.request.seed), blend: 'overlay' },
  ];
  if (job.request.prompt.trim()) {
    const scene = await renderScene({
      prompt: job.request.prompt,
      width: layout.width,
      height: layout.height,
      seed: job.request.seed,
      variant: 0,
    });
    layers.push({ input: await translucent(scene, 0.45 * work.denoise) });
  }
  layers.push({ input: source.png, left: layout.left, top: layout.top });
  const blurred = await sharp(extended)
    .blur(2 + 8 * work.denoise)
    .png()
    .toBuffer();
  const flattened = await sharp(blurred).composite(layers).png().toBuffer();
  const bytes = await sharp(flattened).removeAlpha().png().toBuffer();
  step(job, 0.95);
  return { outputs: [pngOutput(bytes, layout.width, layout.height)] };
}

/** Seeded grey noise with a little transparency, laid over the blurred border as film grain. */
async function grain(width: number, height: number, seed: number): Promise<Buffer> {
  const random = randomFrom(hashOf(seed, 'grain'));
  const pixels = Buffer.alloc(width * height * 2);
  for (let index = 0; index < pixels.length; index += 2) {
    pixels[index] = 96 + Math.floor(random.next() * 64);
    pixels[index + 1] = 90;
  }
  return sharp(pixels, { raw: { width, height, channels: 2 } })
    .png()
    .toBuffer();
}
