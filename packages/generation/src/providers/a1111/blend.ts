import { blendImages, prepareImage } from '../shared/images.ts';
import { repaintGrid } from './img2img.ts';
import type { KindHandler } from './job.ts';

/** Both uploads over each other at half strength, then repainted into a grid. */
export const blend: KindHandler<'blend'> = async (job, work) => {
  const first = await prepareImage(job.firstInput('first').bytes, 1024);
  const second = job.firstInput('second', 'image2');
  const bytes = await blendImages(first.bytes, second.bytes, first.width, first.height);
  return repaintGrid(job, { ...first, bytes }, work.denoise);
};
