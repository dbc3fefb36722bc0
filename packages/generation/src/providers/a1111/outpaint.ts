import { outpaintCanvas, outpaintLayout, prepareImage, zoomOption } from '../shared/images.ts';
import { ProviderError } from '../../types.ts';
import { type KindHandler, MAX_SIDE } from './job.ts';

/** Outpaint (zoom out, pan, make square): the image on a padded canvas, the new border inpainted. */
export const outpaint: KindHandler<'outpaint'> = async (job, work) => {
  const source = await prepareImage(job.firstInput('image').bytes, MAX_SIDE);
  let layout;
  try {
    layout = outpaintLayout(source.width, source.height, work.frame, zoomOption(job.request.options));
  } catch (error) {
    throw new ProviderError('BAD_INPUT', error instanceof Error ? error.message : 'Bad zoom.', {
      retryable: false,
    });
  }
  const canvas = await outpaintCanvas(source, layout);
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
    denoising_strength: work.denoise,
    width: canvas.width,
    height: canvas.height,
    batch_size: 1,
  };
  return { outputs: await job.outputs(await job.generate('img2img', body), 1) };
};
