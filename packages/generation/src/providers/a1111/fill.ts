import { fillCanvas, prepareImage } from '../shared/images.ts';
import { type KindHandler, MAX_SIDE } from './job.ts';

/** Generative fill: the upload on a larger canvas, the new border inpainted. */
export const fill: KindHandler<'fill'> = async (job, work) => {
  const source = await prepareImage(job.firstInput('image').bytes, MAX_SIDE);
  const canvas = await fillCanvas(source, work.sides);
  const body = {
    ...job.base,
    prompt: await job.prompt(),
    init_images: [canvas.bytes.toString('base64')],
    mask: canvas.mask.toString('base64'),
    mask_blur: 8,
    // 1 = start the masked area from the (edge-copied) pixels already there.
    inpainting_fill: 1,
    inpaint_full_res: false,
    inpainting_mask_invert: 0,
    denoising_strength: job.request.denoise ?? work.denoise,
    width: canvas.width,
    height: canvas.height,
    batch_size: 1,
  };
  return { outputs: await job.outputs(await job.generate('img2img', body), 1) };
};
