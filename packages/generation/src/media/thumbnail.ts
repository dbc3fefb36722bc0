import { decodeImage } from './decode.ts';

/** Longest side of a thumbnail, in pixels: enough for a job list, small enough to load in a batch. */
export const THUMBNAIL_SIZE = 256;

/** A small WebP of an image (its first frame, if animated), never enlarged. */
export async function webpThumbnail(bytes: Buffer, size = THUMBNAIL_SIZE): Promise<Buffer> {
  return decodeImage(bytes)
    .rotate()
    .resize(size, size, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 70 })
    .toBuffer();
}
