import { type Db, type JobRow, mediaForJobs } from '@app/db';
import { type ImageActionName, LIMITS, findActionCommand, pickableImages } from '@app/domain';
import { badRequest } from '../../lib/errors.ts';

/**
 * What an image action needs of the result it starts from, checked before anything is held: a
 * finished image (not a video), the picked image among its images, a non-square one for Make
 * Square, and an upscale no larger than the largest side a provider makes.
 */
export async function checkActionImage({
  db,
  original,
  action,
  index,
  factor,
}: {
  db: Db;
  original: JobRow;
  action: ImageActionName;
  index?: number;
  factor?: number;
}): Promise<void> {
  const definition = findActionCommand(action)!;
  const images =
    original.status === 'succeeded'
      ? (await mediaForJobs(db, [original.id])).filter((row) => row.kind === 'image')
      : [];
  const pickable = pickableImages(images.length);
  if (pickable === 0) {
    throw badRequest(`Only a finished image can be used for ${definition.label}`, 'NOT_AN_IMAGE');
  }
  const picked = index ?? 1;
  if (!Number.isInteger(picked) || picked < 1 || picked > pickable) {
    throw badRequest(
      pickable === 1 ? 'This result has one image' : `Pick an image from 1 to ${pickable}`,
      'NO_SUCH_IMAGE',
    );
  }
  const image = images[picked - 1]!;
  const { work } = definition;
  if (definition.notSquare && image.width !== null && image.width === image.height) {
    throw badRequest('This image is square already', 'ALREADY_SQUARE');
  }
  if (work.kind === 'upscale' && image.width !== null && image.height !== null) {
    const side = Math.max(image.width, image.height) * work.factor;
    if (side > LIMITS.upscaleMaxSide) {
      throw badRequest(
        `${definition.label} would make ${side} pixels on a side; the largest is ${LIMITS.upscaleMaxSide}`,
        'TOO_LARGE',
      );
    }
  }
  if (definition.asksFactor && factor === undefined) {
    throw badRequest(
      `${definition.label} needs a factor from ${LIMITS.zoom.min} to ${LIMITS.zoom.max}`,
      'BAD_OPTIONS',
    );
  }
}
