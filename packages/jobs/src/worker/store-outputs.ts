import { randomBytes } from 'node:crypto';
import type { NewMedia } from '@app/db';
import { type GenerationOutput, type MediaStorage, webpThumbnail } from '@app/generation';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/ogg': 'ogg',
  'application/json': 'json',
  'application/octet-stream': 'bin',
};

/**
 * Writes a job's outputs under fresh unguessable keys (`jobs/<jobId>/<index>-<random>.<ext>`),
 * with a WebP thumbnail beside each still image. Returns the media rows to record. A re-run
 * writes new keys; the caller removes the objects of the set it replaces.
 */
export async function storeOutputs(
  storage: MediaStorage,
  jobId: string,
  outputs: GenerationOutput[],
): Promise<NewMedia[]> {
  const rows: NewMedia[] = [];
  for (const [index, output] of outputs.entries()) {
    const base = `jobs/${jobId}/${index}-${randomBytes(16).toString('base64url')}`;
    const storageKey = `${base}.${EXTENSIONS[output.mime] ?? 'bin'}`;
    await storage.put(storageKey, output.bytes, output.mime);
    let thumbKey: string | null = null;
    if (output.kind === 'image' && output.mime !== 'image/gif') {
      thumbKey = `${base}.thumb.webp`;
      const thumb = await webpThumbnail(output.bytes);
      await storage.put(thumbKey, thumb, 'image/webp');
    }
    rows.push({
      index,
      kind: output.kind,
      mime: output.mime,
      bytes: output.bytes.length,
      width: output.width ?? null,
      height: output.height ?? null,
      durationMs: output.durationMs ?? null,
      storageKey,
      thumbKey,
    });
  }
  return rows;
}

export async function deleteStored(storage: MediaStorage, keys: (string | null | undefined)[]) {
  await Promise.all(
    keys.filter((key): key is string => Boolean(key)).map((key) => storage.delete(key).catch(() => {})),
  );
}
