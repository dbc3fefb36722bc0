import type { Db } from '@app/db';
import type { MediaStorage } from '@app/generation';
import { AppError, badRequest } from '../../lib/errors.ts';
import { MAX_GENERATION_UPLOAD_BYTES, storeGenerationUpload } from '../jobs/store-upload.ts';
import type { AttachmentRef } from './parse-interaction.ts';

const DOWNLOAD_TIMEOUT_MS = 20_000;

/**
 * Fetches each attachment from Discord's CDN (refusing one over the upload cap before and while
 * reading it) and stores it as the user's upload, checked by its bytes. Answers upload ids by option
 * name, the values `submitJob` takes for attachment options.
 */
export async function downloadAttachments({
  db,
  storage,
  userId,
  attachments,
}: {
  db: Db;
  storage: MediaStorage;
  userId: string;
  attachments: Record<string, AttachmentRef>;
}): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const [name, attachment] of Object.entries(attachments)) {
    const bytes = await download(name, attachment);
    try {
      const upload = await storeGenerationUpload({ db, storage, userId, bytes });
      ids[name] = upload.id;
    } catch (error) {
      if (error instanceof AppError)
        throw badRequest(`${name} (${attachment.filename}): ${error.message}`, error.code);
      throw error;
    }
  }
  return ids;
}

async function download(name: string, attachment: AttachmentRef): Promise<Buffer> {
  const tooBig = () =>
    new AppError('FILE_TOO_LARGE', {
      status: 413,
      message: `${name} (${attachment.filename}) is larger than ${MAX_GENERATION_UPLOAD_BYTES / 1024 / 1024} MiB`,
    });
  if (attachment.size > MAX_GENERATION_UPLOAD_BYTES) throw tooBig();
  const response = await fetch(attachment.url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) }).catch(
    () => null,
  );
  if (!response?.ok || !response.body) {
    throw new AppError('ATTACHMENT_UNAVAILABLE', {
      status: 400,
      message: `${name} (${attachment.filename}) could not be downloaded; send it again`,
    });
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    total += chunk.length;
    if (total > MAX_GENERATION_UPLOAD_BYTES) throw tooBig();
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}
