import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVER_APPS, buildServers, compiledEntry, serverBuildIsStale } from './build-server.mjs';
import { ROOT } from './lib.mjs';

/** Packages that a workspace package installs in its own node_modules (another version than the root's). */
function nestedCopies() {
  const copies = [];
  for (const group of ['apps', 'packages']) {
    for (const member of readdirSync(path.join(ROOT, group))) {
      const modules = path.join(ROOT, group, member, 'node_modules');
      if (!existsSync(modules)) continue;
      for (const name of readdirSync(modules)) {
        if (name.startsWith('.') || name.startsWith('@')) continue;
        const manifest = path.join(modules, name, 'package.json');
        if (existsSync(manifest)) copies.push({ name, dir: path.join(modules, name) });
      }
    }
  }
  return copies;
}

describe('compiled servers', () => {
  beforeAll(async () => {
    // The build `npm test` made at its start, unless a source is newer.
    if (serverBuildIsStale()) await buildServers();
  });

  it('load the copy of a registry package that our source resolves, not a different hoisted version', () => {
    const copies = nestedCopies();
    // yauzl 3 sits under packages/jobs beside the yauzl 2 hoisted for a tool; the bundles must not mix them up.
    expect(copies.map((copy) => copy.name)).toContain('yauzl');
    const files = SERVER_APPS.flatMap((app) => app.entries.map((entry) => compiledEntry(app, entry)));
    expect(files).toContain(path.join('apps', 'worker', 'dist', 'main.js'));
    for (const compiled of files) {
      const file = path.join(ROOT, compiled);
      const code = readFileSync(file, 'utf8');
      const specifiers = [...code.matchAll(/^import [^;]*? from "([^"]+)";$/gm)].map((match) => match[1]);
      for (const copy of copies) {
        const bare = specifiers.filter((spec) => spec === copy.name || spec.startsWith(`${copy.name}/`));
        expect(bare, `${compiled} imports ${copy.name} by its bare name`).toEqual([]);
        for (const spec of specifiers.filter(
          (s) => s.startsWith('.') && s.includes(`/node_modules/${copy.name}/`),
        )) {
          const target = path.resolve(path.dirname(file), spec);
          const ofThatName = copies.filter((other) => other.name === copy.name);
          expect(
            ofThatName.some((other) => target.startsWith(other.dir + path.sep)),
            `${compiled} loads ${spec}`,
          ).toBe(true);
        }
      }
    }
  });
});
