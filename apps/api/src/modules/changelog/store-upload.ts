import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest } from '../../lib/errors.ts';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 50 * 1024 * 1024;

/** What the changelog accepts, by the type its bytes show, and the extension it is stored under. */
const ACCEPTED: Record<string, { ext: string; kind: 'image' | 'video' }> = {
  'image/png': { ext: 'png', kind: 'image' },
  'image/jpeg': { ext: 'jpg', kind: 'image' },
  'image/gif': { ext: 'gif', kind: 'image' },
  'image/webp': { ext: 'webp', kind: 'image' },
  'image/bmp': { ext: 'bmp', kind: 'image' },
  'image/x-icon': { ext: 'ico', kind: 'image' },
  'image/avif': { ext: 'avif', kind: 'image' },
  'video/mp4': { ext: 'mp4', kind: 'video' },
  'video/webm': { ext: 'webm', kind: 'video' },
  'video/quicktime': { ext: 'mov', kind: 'video' },
  'video/ogg': { ext: 'ogv', kind: 'video' },
};

export const tooLarge = (kind: 'image' | 'video' | 'file') =>
  new AppError('FILE_TOO_LARGE', {
    status: 413,
    message:
      kind === 'image'
        ? `Images may be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`
        : `Files may be at most ${MAX_VIDEO_BYTES / 1024 / 1024} MB`,
  });

/**
 * Stores an uploaded image or video under a random name, judging its type only by its bytes
 * (never by its name or declared type). Returns the public URL.
 */
export async function storeUpload({ uploadDir, bytes }: { uploadDir: string; bytes: Buffer }) {
  if (bytes.length === 0) throw badRequest('The file is empty', 'EMPTY_FILE');
  const detected = await fileTypeFromBuffer(bytes);
  const accepted = detected ? ACCEPTED[detected.mime] : undefined;
  if (!accepted) throw badRequest('Only image and video files can be uploaded', 'UNSUPPORTED_FILE_TYPE');
  if (accepted.kind === 'image' && bytes.length > MAX_IMAGE_BYTES) throw tooLarge('image');
  const name = `${randomBytes(16).toString('base64url')}.${accepted.ext}`;
  await mkdir(uploadDir, { recursive: true });
  await writeFile(path.join(uploadDir, name), bytes, { flag: 'wx' });
  return { url: `/uploads/${name}`, kind: accepted.kind };
}
