import { ANIMATE_DENOISE, framesToGif } from '../shared/gif.ts';
import { prepareImage } from '../shared/images.ts';
import { GRID, type KindHandler } from './job.ts';

/** The GIF's frames are made this size at most; GIF_MAX_WIDTH is what is kept. */
const FRAME_SIDE = 768;

/**
 * The GIF button: the result, then close repaints of it made on the host in one img2img batch, as
 * the frames of a looping GIF put together on the worker.
 */
export const animate: KindHandler<'animate'> = async (job) => {
  const source = await prepareImage(job.firstInput('image').bytes, FRAME_SIDE);
  const body = {
    ...job.base,
    prompt: await job.prompt(),
    init_images: [source.bytes.toString('base64')],
    denoising_strength: ANIMATE_DENOISE,
    width: source.width,
    height: source.height,
    batch_size: GRID - 1,
  };
  const repaints = await job.outputs(await job.generate('img2img', body), GRID - 1);
  job.context.onProgress(0.95);
  return { outputs: [await framesToGif([source.bytes, ...repaints.map((output) => output.bytes)])] };
};
