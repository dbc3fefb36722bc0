// `npm run routes:index`: writes apps/api/src/routes/index.ts, the list of route modules the API
// registers, from the files under apps/api/src/routes. The folder of a file is its URL prefix
// (routes/api/payment/gifts.ts → /api/payment); a folder with an index.ts is one module, which
// registers the folder's other files itself. Each module exports one plugin named `…Routes`. The
// list is a file rather than a directory read at start-up so the bundled server carries it; a test
// fails when it is out of date.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './lib.mjs';

export const ROUTES_DIR = path.join(ROOT, 'apps/api/src/routes');
export const ROUTE_INDEX = path.join(ROUTES_DIR, 'index.ts');

const isModule = (name) => name.endsWith('.ts') && !name.endsWith('.test.ts');

/** The route modules under `dir`, as paths relative to the routes folder, sorted. */
function routeFiles(dir, relative = '') {
  const entries = readdirSync(path.join(dir, relative), { withFileTypes: true });
  if (relative && entries.some((entry) => entry.isFile() && entry.name === 'index.ts'))
    return [`${relative}/index.ts`];
  return entries
    .filter(
      (entry) => (entry.isDirectory() || isModule(entry.name)) && !(!relative && entry.name === 'index.ts'),
    )
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) =>
      entry.isDirectory()
        ? routeFiles(dir, relative ? `${relative}/${entry.name}` : entry.name)
        : [relative ? `${relative}/${entry.name}` : entry.name],
    );
}

function pluginName(file, source) {
  const names = [...source.matchAll(/^export (?:const|async function|function) (\w+Routes)\b/gm)].map(
    (match) => match[1],
  );
  if (names.length !== 1)
    throw new Error(`routes/${file} must export exactly one plugin named …Routes (found ${names.length})`);
  return names[0];
}

/** The source of routes/index.ts for the files now under `dir`. */
export function routeIndexSource(dir = ROUTES_DIR) {
  const modules = routeFiles(dir).map((file) => {
    const folder = path.posix.dirname(file);
    const prefix = folder === '.' ? '' : `/${folder}`;
    return { file, prefix, name: pluginName(file, readFileSync(path.join(dir, file), 'utf8')) };
  });
  return [
    '// Written by `npm run routes:index` from the files in this folder; do not edit by hand.',
    '// The folder of a route module is its URL prefix.',
    "import type { RouteModule } from '../lib/route-module.ts';",
    ...modules.map(({ file, name }) => `import { ${name} } from './${file}';`),
    '',
    '/** Every route module, in file order, with the prefix its folder gives it. */',
    'export const ROUTE_MODULES: readonly RouteModule[] = [',
    ...modules.map(
      ({ file, prefix, name }) => `  { file: '${file}', prefix: '${prefix}', plugin: ${name} },`,
    ),
    '];',
    '',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(ROUTE_INDEX, routeIndexSource());
  console.log(`Wrote ${path.relative(ROOT, ROUTE_INDEX)}`);
}
