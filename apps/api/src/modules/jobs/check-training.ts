import type { UploadRow } from '@app/db';
import { LoraName } from '@app/domain';
import type { MediaStorage } from '@app/generation';
import { ZipRefused, inspectZip } from '@app/jobs';
import { badRequest } from '../../lib/errors.ts';

/** The domain's rule for a LoRA's name, the same the training form checks. */
export function checkLoraName(name: unknown) {
  if (!LoraName.safeParse(name).success) {
    throw badRequest(
      'A LoRA name is 1 to 40 letters, digits, dashes or underscores, with no spaces',
      'BAD_OPTIONS',
    );
  }
}

/** Reads only the ZIP's directory: counts, names and unpacked sizes are refused before anything is unpacked. */
export async function checkTrainingZip(storage: MediaStorage, upload: UploadRow) {
  const stored = await storage.get(upload.storageKey);
  if (!stored) throw badRequest('The ZIP upload is no longer available; upload it again', 'UPLOAD_NOT_FOUND');
  try {
    await inspectZip(stored.bytes);
  } catch (error) {
    if (error instanceof ZipRefused) throw badRequest(error.message, 'BAD_ZIP');
    throw error;
  }
}
