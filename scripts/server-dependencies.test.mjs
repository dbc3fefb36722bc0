// The compiled servers load registry packages from node_modules, resolved from the app's own
// folder (apps/api/dist, apps/worker/dist). A package the bundle imports must therefore be a
// production dependency of that app, with the range of the workspace whose code imports it:
// otherwise a production install lacks it (or a dev dependency's other major stands in for it).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { SERVER_APPS, bundleOptions } from './build-server.mjs';
import { ROOT } from './lib.mjs';

const packageName = (specifier) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];

/** The package.json of the workspace a source file belongs to. */
function workspaceOf(file) {
  for (let dir = path.dirname(file); dir.startsWith(ROOT); dir = path.dirname(dir)) {
    try {
      return { dir, manifest: JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) };
    } catch {
      // keep walking up
    }
  }
  throw new Error(`no package.json above ${file}`);
}

/** The version Node's resolution finds from a folder: the nearest node_modules holding it. */
function installedVersion(from, name) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'node_modules', name, 'package.json');
    if (existsSync(manifest)) return JSON.parse(readFileSync(manifest, 'utf8')).version;
    if (dir === path.dirname(dir)) return undefined;
  }
}

/** Every registry package a server app's bundle imports, with the workspaces importing it. */
async function externalImports(app) {
  const { metafile } = await build({
    ...bundleOptions(app),
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const found = new Map();
  const relative = [];
  for (const [input, { imports }] of Object.entries(metafile.inputs)) {
    for (const entry of imports) {
      if (!entry.external || entry.path.startsWith('node:')) continue;
      if (entry.path.startsWith('.')) {
        // A workspace's own copy, imported by its path in the lockfile's layout (kept by npm ci).
        relative.push(entry.path);
        continue;
      }
      const name = packageName(entry.path);
      const importers = found.get(name) ?? new Map();
      const workspace = workspaceOf(path.resolve(ROOT, input));
      importers.set(workspace.dir, workspace.manifest);
      found.set(name, importers);
    }
  }
  return { found, relative };
}

describe.each(SERVER_APPS.map((app) => [app.dir, app]))('the compiled %s', (_dir, app) => {
  it('declares every registry package it loads, as its importers do, and loads that version', async () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, app.dir, 'package.json'), 'utf8'));
    const problems = [];
    const { found: imports, relative } = await externalImports(app);
    expect(imports.size).toBeGreaterThan(3);
    for (const file of relative) {
      if (!existsSync(path.join(ROOT, app.dir, 'dist', file)))
        problems.push(`${app.dir} imports missing ${file}`);
    }
    for (const [name, importers] of imports) {
      const declared = manifest.dependencies?.[name];
      for (const [dir, importer] of importers) {
        // An emulator bundled in for the embedded default lists what it imports as dev
        // dependencies (it never runs alone in production); the app still has to bring them.
        const range =
          importer.dependencies?.[name] ??
          importer.peerDependencies?.[name] ??
          importer.devDependencies?.[name];
        const where = path.relative(ROOT, dir) || '.';
        if (!range) problems.push(`${where} imports ${name} without depending on it`);
        else if (declared !== range) problems.push(`${app.dir} needs "${name}": "${range}" (as ${where})`);
      }
      if (!declared) continue;
      const version = installedVersion(path.join(ROOT, app.dir, 'dist'), name);
      if (!version) problems.push(`${app.dir} cannot find ${name} (run npm install)`);
      else if (!semver.satisfies(version, declared)) {
        problems.push(`${app.dir} loads ${name}@${version}, outside ${declared} (run npm install)`);
      }
    }
    expect(problems).toEqual([]);
  });
});
