// Writes .br and .gz beside every text asset of the web build, so the server sends compressed
// files without compressing on each request.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ROOT } from './lib.mjs';

const DIST = path.join(ROOT, 'apps/web/dist');
const COMPRESSIBLE = /\.(js|css|svg|json|html|txt|map)$/;

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry)) yield full;
  }
}

let count = 0;
for (const file of files(DIST)) {
  const source = readFileSync(file);
  if (source.length < 1024) continue;
  writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  count++;
}
console.log(`Compressed ${count} assets`);
