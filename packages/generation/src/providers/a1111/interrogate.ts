import { prepareImage } from '../shared/images.ts';
import type { KindHandler } from './job.ts';

/** A caption for the upload (CLIP interrogation), answered as text. */
export const interrogate: KindHandler<'interrogate'> = async (job) => {
  const image = await prepareImage(job.firstInput('image').bytes, 1024);
  const answer = await job.call<{ caption?: string }>('interrogate', {
    image: image.bytes.toString('base64'),
    model: 'clip',
  });
  return { outputs: [], text: (answer?.caption ?? '').trim() };
};
