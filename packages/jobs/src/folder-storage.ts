import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MediaStorage } from '@app/generation';

const MIME_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  zip: 'application/zip',
  json: 'application/json',
};

/** Media in a folder (DATA_DIR/media): keys are relative paths, the extension names the type. */
export function folderStorage(root: string): MediaStorage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('Key leaves the media folder');
    return full;
  };
  return {
    async put(key, bytes) {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const temporary = `${full}.${process.pid}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, full);
    },
    async get(key) {
      try {
        const bytes = await readFile(resolve(key));
        return { bytes, mime: MIME_BY_EXTENSION[path.extname(key).slice(1)] ?? 'application/octet-stream' };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    publicUrl: () => null,
  };
}
