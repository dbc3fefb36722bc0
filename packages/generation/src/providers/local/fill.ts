import sharp, { type OverlayOptions } from 'sharp';
import { LIMITS } from '@app/domain';
import type { GenerationResult } from '../../types.ts';
import { loadImage, pngOutput, requireInputs, step, translucent, type Job } from './job.ts';
import { renderScene } from './procedural.ts';

export type FillDirection = 'tall' | 'wide' | 'both';

/**
 * Generative fill: the image grows by LIMITS.fillPixels on each side that grows. The new area
 * continues the picture (its edges mirrored and softened) and, with a prompt, takes on the
 * prompt's colours and shapes; the original stays untouched in the middle.
 */
export async function fill(job: Job, direction: FillDirection): Promise<GenerationResult> {
  const source = await loadImage(requireInputs(job.request, 'image')[0]!);
  const grow = LIMITS.fillPixels;
  const vertical = direction === 'wide' ? 0 : grow;
  const horizontal = direction === 'tall' ? 0 : grow;
  const width = source.width + 2 * horizontal;
  const height = source.height + 2 * vertical;
  step(job, 0.1);
  // Mirroring needs the extension to be no larger than the image; repeat it until it fits.
  let extended = source.png;
  let done = { vertical: 0, horizontal: 0 };
  while (done.vertical < vertical || done.horizontal < horizontal) {
    const meta = await sharp(extended).metadata();
    const addV = Math.min(vertical - done.vertical, (meta.height ?? 1) - 1);
    const addH = Math.min(horizontal - done.horizontal, (meta.width ?? 1) - 1);
    extended = await sharp(extended)
      .extend({ top: addV, bottom: addV, left: addH, right: addH, extendWith: 'mirror' })
      .png()
      .toBuffer();
    done = { vertical: done.vertical + addV, horizontal: done.horizontal + addH };
  }
  step(job, 0.4);
  const layers: OverlayOptions[] = [];
  if (job.request.prompt.trim()) {
    const scene = await renderScene({
      prompt: job.request.prompt,
      width,
      height,
      seed: job.request.seed,
      variant: 0,
    });
    layers.push({ input: await translucent(scene, 0.4) });
  }
  layers.push({ input: source.png, left: horizontal, top: vertical });
  const bytes = await sharp(await sharp(extended).blur(6).png().toBuffer())
    .composite(layers)
    .png()
    .toBuffer();
  step(job, 0.95);
  return { outputs: [pngOutput(bytes, width, height)] };
}
