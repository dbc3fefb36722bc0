import { prepareImage } from '../shared/images.ts';
import { badAnswerError, isRecord } from '../shared/http.ts';
import { type KindHandler, LABEL } from './job.ts';

/** A caption for the upload (CLIP interrogation), answered as text. */
export const interrogate: KindHandler<'interrogate'> = async (job) => {
  const image = await prepareImage(job.firstInput('image').bytes, 1024);
  const answer = await job.call<unknown>('interrogate', {
    image: image.bytes.toString('base64'),
    model: 'clip',
  });
  if (!isRecord(answer) || typeof answer.caption !== 'string') {
    throw badAnswerError(LABEL, 'interrogate answered without a caption');
  }
  return { outputs: [], text: answer.caption.trim() };
};
