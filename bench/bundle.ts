import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './lib.ts';

const DIST = path.join(ROOT, 'apps/web/dist');

export interface BundleResult {
  /** Gzipped bytes of the JS the landing page loads before it runs (entry + modulepreloads). */
  initialJsGzip: number;
  initialFiles: string[];
  /** Every other JS chunk, loaded only by the pages that need it. */
  lazyChunks: { file: string; gzip: number }[];
}

export function measureBundle(): BundleResult {
  // The landing page is prerendered; dist/index.html is the app shell of the other pages.
  const prerenderedPath = path.join(DIST, 'prerendered', 'index.html');
  const indexPath = existsSync(prerenderedPath) ? prerenderedPath : path.join(DIST, 'index.html');
  if (!existsSync(indexPath)) throw new Error('apps/web/dist is missing: run npm run build first');
  const html = readFileSync(indexPath, 'utf8');
  const initialFiles = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  const gzipOf = (file: string) => gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;
  const initialJsGzip = initialFiles.reduce((sum, file) => sum + gzipOf(file), 0);
  const lazyChunks = readdirSync(path.join(DIST, 'assets'))
    .filter((file) => file.endsWith('.js') && !initialFiles.includes(`/assets/${file}`))
    .map((file) => ({ file, gzip: gzipOf(`/assets/${file}`) }))
    .sort((a, b) => b.gzip - a.gzip);
  return { initialJsGzip, initialFiles, lazyChunks };
}
