// The Node that runs the project's scripts (npm start, npm test, npm run worker: the one this test
// runs under, brought by Node's platform package) satisfies the project's `engines.node` and that
// of every installed package.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { ROOT } from './lib.mjs';

const manifest = (dir) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));

/** Every package folder under a node_modules folder, nested ones included. */
function* packagesIn(nodeModules) {
  if (!existsSync(nodeModules)) return;
  for (const entry of readdirSync(nodeModules, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const dir = path.join(nodeModules, entry.name);
    if (entry.name.startsWith('@')) {
      for (const scoped of readdirSync(dir, { withFileTypes: true })) {
        if (scoped.isDirectory()) yield* packageAndNested(path.join(dir, scoped.name));
      }
    } else if (entry.isDirectory()) yield* packageAndNested(dir);
  }
}

function* packageAndNested(dir) {
  if (existsSync(path.join(dir, 'package.json'))) yield dir;
  yield* packagesIn(path.join(dir, 'node_modules'));
}

/** The installed packages: the root's node_modules and each workspace's own. */
function installedPackages() {
  const { workspaces } = manifest(ROOT);
  const folders = workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(path.join(ROOT, pattern.slice(0, -2))).map((name) =>
          path.join(pattern.slice(0, -2), name),
        )
      : [pattern],
  );
  return [ROOT, ...folders.map((folder) => path.join(ROOT, folder))].flatMap((dir) => [
    ...packagesIn(path.join(dir, 'node_modules')),
  ]);
}

describe('the Node the scripts run under', () => {
  const version = process.version;

  it('is the project’s: npm scripts run the Node of the platform package, which engines allows', () => {
    const range = manifest(ROOT).engines.node;
    expect(semver.satisfies(version, range), `${version} against ${range}`).toBe(true);
    const bundled = execFileSync(path.join(ROOT, 'node_modules/.bin/node'), ['--version'], {
      encoding: 'utf8',
    });
    expect(bundled.trim()).toBe(version);
  });

  it('satisfies the engines.node of every installed package', () => {
    const packages = installedPackages();
    expect(packages.length).toBeGreaterThan(500);
    const refused = [];
    for (const dir of packages) {
      const { name, version: own, engines } = manifest(dir);
      const range = typeof engines?.node === 'string' ? engines.node : undefined;
      if (!range || !semver.validRange(range)) continue;
      if (!semver.satisfies(version, range)) refused.push(`${name}@${own} wants node ${range}`);
    }
    expect(refused).toEqual([]);
  });
});
