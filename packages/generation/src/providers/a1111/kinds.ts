import type { WorkKind } from '@app/domain';
import { animate } from './animate.ts';
import { blend } from './blend.ts';
import { fill } from './fill.ts';
import { img2img } from './img2img.ts';
import { interrogate } from './interrogate.ts';
import { outpaint } from './outpaint.ts';
import type { KindHandler } from './job.ts';
import { txt2img } from './txt2img.ts';
import { upscale } from './upscale.ts';

/**
 * The kinds of work A1111 does, one file each; anything else is not an image-model job. Which
 * commands a family's provider must serve is checked at start-up (`capabilityErrors`).
 */
export const A1111_KINDS: { [K in WorkKind]?: KindHandler<K> } = {
  txt2img,
  img2img,
  variation: img2img,
  blend,
  fill,
  upscale,
  outpaint,
  interrogate,
  animate,
};
