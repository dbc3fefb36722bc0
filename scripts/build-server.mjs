// Compiles each server app (the API and its operator scripts, the worker) to JavaScript files in
// the app's dist/, so production runs plain `node` without a TypeScript loader. Our workspace packages
// export TypeScript sources, so they are bundled in; registry packages stay external and load from
// node_modules as usual.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, isStale } from './lib.mjs';

/**
 * The process a worker starts for each attempt of the local generator, found by its name
 * (`local-child.js`) beside the running server's compiled file.
 */
const LOCAL_CHILD = '../../packages/generation/src/providers/local/local-child.ts';

/**
 * The server apps and their entries; an app is built when its first entry exists. The API's
 * operator scripts (`npm run stripe:sync`, `npm run discord:register`) are compiled beside it, so a
 * production install without dev dependencies runs them too.
 */
export const SERVER_APPS = [
  {
    dir: 'apps/api',
    entries: ['src/server.ts', 'src/scripts/stripe-sync.ts', 'src/scripts/discord-register.ts', LOCAL_CHILD],
  },
  { dir: 'apps/worker', entries: ['src/main.ts', LOCAL_CHILD] },
];

/** Our sources, which the bundle inlines; everything else under node_modules stays external. */
const isOurs = (file) =>
  !file.includes(`${path.sep}node_modules${path.sep}`) || /node_modules[\\/]@app[\\/]/.test(file);

/**
 * Keeps paths that a module resolves against its own location (`new URL('../migrations',
 * import.meta.url)`) pointing at the same place after bundling: import.meta.url becomes the
 * source file's address, computed relative to the bundle so the checkout can move.
 */
const sourceRelativeUrls = (outDir) => ({
  name: 'source-relative-urls',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@app/') || args.pluginData?.resolving) return undefined;
      return externalFor(builder, args, outDir);
    });
    builder.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url') || !isOurs(args.path)) return undefined;
      const relative = path.relative(outDir, args.path).split(path.sep).join('/');
      const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      return {
        contents: source.replaceAll('import.meta.url', url),
        loader: path.extname(args.path).slice(1),
      };
    });
  },
});

/** The folder of package `name` that Node finds from `dir` (the nearest node_modules holding it). */
function packageDirFrom(dir, name) {
  for (let current = dir; ; current = path.dirname(current)) {
    const candidate = path.join(current, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(current) === current) return undefined;
  }
}

/**
 * Registry packages stay external and load at run time from the bundle's folder. When a workspace
 * package has its own copy (another major version than the one hoisted to the root, e.g. yauzl 3
 * under packages/jobs beside a yauzl 2 that a tool pulled in), the bundle imports that copy by its
 * path, so production runs the version the source was written and tested against.
 */
async function externalFor(builder, args, outDir) {
  const name = args.path
    .split('/')
    .slice(0, args.path.startsWith('@') ? 2 : 1)
    .join('/');
  const fromSource = packageDirFrom(args.resolveDir, name);
  if (!fromSource || fromSource === packageDirFrom(outDir, name)) return { path: args.path, external: true };
  const resolved = await builder.resolve(args.path, {
    resolveDir: args.resolveDir,
    kind: args.kind,
    pluginData: { resolving: true },
  });
  if (resolved.errors.length > 0 || !resolved.path) return { path: args.path, external: true };
  const relative = path.relative(outDir, resolved.path).split(path.sep).join('/');
  return { path: relative.startsWith('.') ? relative : `./${relative}`, external: true };
}

/** The apps whose sources are here (a production install has only their compiled files). */
const existing = () => SERVER_APPS.filter((app) => existsSync(path.join(ROOT, app.dir, app.entries[0])));

/** The compiled file of a server entry, relative to the root. */
export const compiledEntry = (app, entry) =>
  path.join(app.dir, 'dist', path.basename(entry).replace(/\.ts$/, '.js'));

/** True when a server app's compiled file is missing or older than its sources or our packages. */
export const serverBuildIsStale = () =>
  existing().some((app) =>
    app.entries.some((entry) =>
      isStale(compiledEntry(app, entry), [
        path.join(app.dir, 'src'),
        path.join(app.dir, 'package.json'),
        'packages',
      ]),
    ),
  );

/** esbuild's options for a server app: one bundle per entry, registry packages left external. */
export const bundleOptions = (app) => {
  const outDir = path.join(ROOT, app.dir, 'dist');
  return {
    entryPoints: app.entries.map((entry) => path.join(ROOT, app.dir, entry)),
    outdir: outDir,
    entryNames: '[name]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [sourceRelativeUrls(outDir)],
  };
};

export async function buildServers() {
  // esbuild is a dev dependency: loaded only when there is something to compile.
  const { build } = await import('esbuild');
  for (const app of existing()) {
    await build(bundleOptions(app));
    console.log(`Built ${path.join(app.dir, 'dist')}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServers();
