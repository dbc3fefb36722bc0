// The code before a change, measured in the same run as the code after: a copy of the project at a
// commit of its history, with its own dependencies, made once per machine in the temp directory.
import { execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './lib.ts';

/**
 * The project at `commit`, ready to run its own bench servers; undefined when this checkout's
 * history does not hold the commit (a shallow clone) or its dependencies cannot be installed.
 */
export function projectAt(commit: string): string | undefined {
  const dir = path.join(tmpdir(), `hypercreate-at-${commit.slice(0, 12)}`);
  const ready = path.join(dir, '.ready');
  if (existsSync(ready)) return dir;
  try {
    execFileSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: ROOT, stdio: 'ignore' });
  } catch {
    return undefined;
  }
  try {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    execSync(`git archive ${commit} | tar -x -C "${dir}"`, { cwd: ROOT, stdio: 'ignore' });
    // Its own locked dependencies (from npm's cache where it has them); no install scripts, as here.
    execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: dir,
      stdio: 'ignore',
    });
    writeFileSync(ready, `${commit}\n`);
    return dir;
  } catch (error) {
    console.error(`The project at ${commit.slice(0, 7)} could not be prepared: ${(error as Error).message}`);
    return undefined;
  }
}
