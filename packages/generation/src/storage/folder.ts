import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { MediaStorage } from '../types.ts';

/** Where each object's MIME type is kept, beside the objects; keys can never reach it. */
const TYPES_DIR = '.types';

/**
 * A key is a relative path of plain segments (`media/<jobId>/0.png`). Empty segments, `.`/`..`,
 * hidden names, backslashes and absolute paths are refused so no key can leave the base folder.
 */
export function assertSafeKey(key: string): void {
  const bad =
    typeof key !== 'string' ||
    key.length === 0 ||
    key.length > 512 ||
    key.includes('\\') ||
    key.includes('\0') ||
    key.startsWith('/') ||
    /^[A-Za-z]:/.test(key) ||
    key.split('/').some((segment) => segment === '' || segment.startsWith('.'));
  if (bad) throw new RangeError(`Unsafe media key: ${JSON.stringify(key)}`);
}

export interface FolderStorageOptions {
  /** The folder holding the media; created on first write. */
  baseDir: string;
  /** When media is served from another origin (a CDN in front of the folder), its URL prefix. */
  publicBaseUrl?: string;
}

/** Media as files under one folder: the embedded default, for one machine. */
export function createFolderStorage(options: FolderStorageOptions): MediaStorage {
  const base = resolve(options.baseDir);
  const pathOf = (key: string, root = base) => {
    assertSafeKey(key);
    const path = resolve(root, ...key.split('/'));
    if (!path.startsWith(root + sep)) throw new RangeError(`Unsafe media key: ${JSON.stringify(key)}`);
    return path;
  };
  const typesRoot = join(base, TYPES_DIR);

  // Written to a temporary name first, then renamed: a reader never sees half a file.
  const atomicWrite = async (path: string, bytes: Buffer | string) => {
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.partial`;
    await writeFile(temporary, bytes);
    await rename(temporary, path);
  };

  return {
    async put(key, bytes, mime) {
      const path = pathOf(key);
      await atomicWrite(pathOf(key, typesRoot), mime);
      await atomicWrite(path, bytes);
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const bytes = await readFile(path);
        const mime = await readFile(pathOf(key, typesRoot), 'utf8').catch(() => 'application/octet-stream');
        return { bytes, mime };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
      await rm(pathOf(key, typesRoot), { force: true });
    },
    publicUrl(key) {
      assertSafeKey(key);
      if (!options.publicBaseUrl) return null;
      return `${options.publicBaseUrl.replace(/\/+$/, '')}/${key.split('/').map(encodeURIComponent).join('/')}`;
    },
  };
}
