import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CACHE_DIR = join(ROOT, 'node_modules', '.cache', 'emulator-fidelity');
/** Bump when the way shapes are built changes, so old cached schemas are not reused. */
const FORMAT = 1;

export function packageDir(name: string): string {
  return join(ROOT, 'node_modules', name);
}

export function packageVersion(name: string): string {
  const pkg = JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

const loaded = new Map<string, unknown>();

/**
 * `build()`'s result, stored as JSON under node_modules/.cache keyed by `key` (a package version)
 * and kept in memory once read.
 */
export function cached<T>(key: string, build: () => T): T {
  if (loaded.has(key)) return loaded.get(key) as T;
  const value = readOrBuild(key, build);
  loaded.set(key, value);
  return value;
}

function readOrBuild<T>(key: string, build: () => T): T {
  const file = join(CACHE_DIR, `${key}.v${FORMAT}.json`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    const value = build();
    mkdirSync(CACHE_DIR, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(value));
    renameSync(tmp, file);
    return value;
  }
}
