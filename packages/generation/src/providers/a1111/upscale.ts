import { LIMITS } from '@app/domain';
import { decodeImage } from '../../media/decode.ts';
import { badAnswerError, isRecord } from '../shared/http.ts';
import { ProviderError } from '../../types.ts';
import { type KindHandler, LABEL } from './job.ts';

/** The upscaler A1111 names in its extras tab; ships with every install. */
export const A1111_UPSCALER = 'R-ESRGAN 4x+';

/** An upscale through the extras endpoint with a named upscaler, at exactly `factor` times each side. */
export const upscale: KindHandler<'upscale'> = async (job, work) => {
  const input = job.firstInput('image');
  const meta = await decodeImage(input.bytes).metadata();
  const width = (meta.width ?? 0) * work.factor;
  const height = (meta.height ?? 0) * work.factor;
  if (Math.max(width, height) > LIMITS.upscaleMaxSide) {
    throw new ProviderError(
      'BAD_INPUT',
      `An upscale may make at most ${LIMITS.upscaleMaxSide} pixels on a side.`,
      { retryable: false },
    );
  }
  const answer = await job.call<unknown>('extra-single-image', {
    image: input.bytes.toString('base64'),
    resize_mode: 1,
    upscaling_resize_w: width,
    upscaling_resize_h: height,
    upscaling_crop: false,
    upscaler_1: A1111_UPSCALER,
  });
  if (!isRecord(answer) || typeof answer.image !== 'string') {
    throw badAnswerError(LABEL, 'extra-single-image answered without an image');
  }
  return { outputs: await job.outputs([Buffer.from(answer.image, 'base64')], 1) };
};
