import { type PreparedImage, prepareImage } from '../shared/images.ts';
import { type A1111Job, GRID, MAX_SIDE } from './job.ts';

/** Repaints a starting image into a grid; `denoise` is how far it may move from it. */
export async function repaintGrid(job: A1111Job, init: PreparedImage, denoise: number) {
  const body = {
    ...job.base,
    prompt: await job.prompt(),
    init_images: [init.bytes.toString('base64')],
    denoising_strength: job.request.denoise ?? denoise,
    width: init.width,
    height: init.height,
    batch_size: GRID,
  };
  return { outputs: await job.outputs(await job.generate('img2img', body), GRID) };
}

/** The upload redrawn to follow the prompt (and close variations of a finished image). */
export const img2img = async (job: A1111Job, work: { denoise: number }) =>
  repaintGrid(job, await prepareImage(job.firstInput('image').bytes, MAX_SIDE), work.denoise);
