import { randomBytes } from 'node:crypto';
import { type Db, type UploadRow, insertUpload } from '@app/db';
import { type MediaStorage, ProviderError, probeImage } from '@app/generation';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../lib/errors.ts';

/** What an attachment may be, by the type its bytes show (never by its name). */
const ACCEPTED: Record<string, { mime: string; extension: string }> = {
  png: { mime: 'image/png', extension: 'png' },
  jpg: { mime: 'image/jpeg', extension: 'jpg' },
  webp: { mime: 'image/webp', extension: 'webp' },
  mp3: { mime: 'audio/mpeg', extension: 'mp3' },
  wav: { mime: 'audio/wav', extension: 'wav' },
  ogg: { mime: 'audio/ogg', extension: 'ogg' },
  opus: { mime: 'audio/ogg', extension: 'ogg' },
  m4a: { mime: 'audio/mp4', extension: 'm4a' },
  zip: { mime: 'application/zip', extension: 'zip' },
};

export const MAX_GENERATION_UPLOAD_BYTES = 50 * 1024 * 1024;

/** Stores a file for a later job under an unguessable key, once its bytes show an accepted type. */
export async function storeGenerationUpload({
  db,
  storage,
  userId,
  bytes,
}: {
  db: Db;
  storage: MediaStorage;
  userId: string;
  bytes: Buffer;
}): Promise<UploadRow> {
  const type = await fileTypeFromBuffer(bytes);
  const accepted = type ? ACCEPTED[type.ext] : undefined;
  if (!accepted) {
    throw new AppError('UNSUPPORTED_FILE', {
      status: 415,
      message:
        'The file is not a png, jpg or webp image, an mp3, wav, ogg or m4a sound, or a zip (judged by its contents, not its name)',
    });
  }
  if (accepted.mime.startsWith('image/')) await checkImage(bytes);
  const storageKey = `uploads/${randomBytes(18).toString('base64url')}.${accepted.extension}`;
  await storage.put(storageKey, bytes, accepted.mime);
  return insertUpload(db, { userId, mime: accepted.mime, size: bytes.length, storageKey });
}

/** An image is read from its header under the pixel limit, so a small file claiming a vast canvas is refused now. */
async function checkImage(bytes: Buffer) {
  try {
    await probeImage(bytes);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.code === 'IMAGE_TOO_LARGE') {
      throw new AppError('IMAGE_TOO_LARGE', { status: 413, message: error.message });
    }
    throw new AppError('BAD_IMAGE', {
      status: 400,
      message: 'The image could not be read; send a PNG, JPEG or WebP file.',
    });
  }
}
