import { toMultipleOf8 } from '../shared/images.ts';
import { GRID, type KindHandler } from './job.ts';

/** A prompt to a grid of images. */
export const txt2img: KindHandler<'txt2img'> = async (job) => {
  const body = {
    ...job.base,
    prompt: await job.prompt(),
    width: toMultipleOf8(job.request.width),
    height: toMultipleOf8(job.request.height),
    batch_size: GRID,
  };
  return { outputs: await job.outputs(await job.generate('txt2img', body), GRID) };
};
