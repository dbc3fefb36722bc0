import { randomBytes } from 'node:crypto';
import type { NewMedia } from '@app/db';
import {
  type GenerationOutput,
  type MediaStorage,
  audioWaveform,
  videoPoster,
  webpThumbnail,
} from '@app/generation';

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
 * The picture that stands for an output in lists and the gallery: a WebP thumbnail of a still
 * image, a poster frame of a video, a waveform of a sound. A picture that cannot be made leaves the
 * output without one (the tile shows its kind instead); the media itself is never held back for it.
 */
async function pictureFor(output: GenerationOutput): Promise<Buffer | null> {
  try {
    if (output.kind === 'image' && output.mime !== 'image/gif') return await webpThumbnail(output.bytes);
    if (output.kind === 'video') return await videoPoster(output.bytes, output.mime);
    if (output.kind === 'audio') return await audioWaveform(output.bytes, output.mime);
  } catch {
    return null;
  }
  return null;
}

/**
 * Writes a job's outputs under fresh unguessable keys (`jobs/<jobId>/<index>-<random>.<ext>`),
 * with a WebP picture beside each (see `pictureFor`). Returns the media rows to record. A re-run
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
    const picture = await pictureFor(output);
    if (picture) {
      thumbKey = `${base}.thumb.webp`;
      await storage.put(thumbKey, picture, 'image/webp');
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
