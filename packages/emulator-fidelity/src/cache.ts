import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..', '..', '..');
const CACHE_DIR = join(ROOT, 'node_modules', '.cache', 'emulator-fidelity');
/** The code that builds shapes is part of the key: changing it builds the schemas anew. */
const BUILDER = createHash('sha256')
  .update(
    ['shape.ts', 'stripe-schema.ts', 'discord-check.ts'].map((f) => readFileSync(join(HERE, f))).join('\n'),
  )
  .digest('hex')
  .slice(0, 12);

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
  const file = join(CACHE_DIR, `${key}-${BUILDER}.json`);
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
