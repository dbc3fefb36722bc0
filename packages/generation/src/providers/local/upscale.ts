import { LIMITS } from '@app/domain';
import { decodeImage } from '../../media/decode.ts';
import { ProviderError, type GenerationResult } from '../../types.ts';
import { badInput, pngOutput, requireInputs, step, type Job } from './job.ts';

/**
 * A real upscale: Lanczos resampling to exactly `factor` times each side, then a light unsharp
 * mask so edges read crisp instead of soft. The source is never shrunk first.
 */
export async function upscale(job: Job, factor: number): Promise<GenerationResult> {
  const file = requireInputs(job.request, 'image')[0]!;
  let source: { data: Buffer; info: { width: number; height: number } };
  try {
    source = await decodeImage(file.bytes)
      .rotate()
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer({ resolveWithObject: true });
  } catch (cause) {
    throw new ProviderError('BAD_IMAGE', `The file ${file.name} could not be read as an image.`, {
      retryable: false,
      cause,
    });
  }
  const width = source.info.width * factor;
  const height = source.info.height * factor;
  if (Math.max(width, height) > LIMITS.upscaleMaxSide) {
    throw badInput(`An upscale may make at most ${LIMITS.upscaleMaxSide} pixels on a side.`);
  }
  step(job, 0.2);
  const bytes = await decodeImage(source.data)
    .resize(width, height, { kernel: 'lanczos3', fit: 'fill' })
    .sharpen({ sigma: 0.6 + 0.2 * factor, m1: 0.5, m2: 1.5 })
    .png()
    .toBuffer();
  step(job, 0.95);
  return { outputs: [pngOutput(bytes, width, height)] };
}
