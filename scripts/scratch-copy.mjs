// A throwaway copy of the project for tests that plant mistakes: the project's files as they are now
// (tracked and new, committed or not) in a temporary folder, with the installed packages linked in.
// Nothing a test does there reaches the working tree.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './lib.mjs';

/** Caches of the working tree (the typecheck's output among them) stay behind: the copy makes its own. */
const LEFT_BEHIND = '.cache';

/**
 * Gives the copy the working tree's installed packages: hard links of their files (instant, no
 * space), so every path in the copy is a real one under the copy, as tools that check where an import
 * leads expect. Links inside node_modules (workspaces, `.bin`) are relative and resolve within the
 * copy. Tools run in the copy read installed files and write only their own caches, which start
 * empty; a file there must never be edited in place. Where hard links are not available, each
 * package is linked by a symbolic link instead.
 */
function linkModules(from, to) {
  try {
    execFileSync('cp', ['-al', from, to], { stdio: 'ignore' });
    rmSync(path.join(to, LEFT_BEHIND), { recursive: true, force: true });
  } catch {
    rmSync(to, { recursive: true, force: true });
    symlinkModules(from, to);
  }
}

function symlinkModules(from, to) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from)) {
    if (entry === LEFT_BEHIND) continue;
    const source = path.join(from, entry);
    const target = path.join(to, entry);
    if (lstatSync(source).isSymbolicLink() && !path.isAbsolute(readlinkSync(source))) {
      symlinkSync(readlinkSync(source), target);
    } else if (entry.startsWith('@') || entry === '.bin') {
      symlinkModules(source, target);
    } else {
      symlinkSync(source, target);
    }
  }
}

/** Copies the project into a new temporary folder; returns its path and a function that removes it. */
export function scratchCopy() {
  const dir = mkdtempSync(path.join(tmpdir(), 'hypercreate-scratch-'));
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  const files = listed.toString('utf8').split('\0').filter(Boolean);
  const moduleFolders = new Set(['node_modules']);
  for (const file of files) {
    const source = path.join(ROOT, file);
    if (!existsSync(source)) continue; // deleted but not yet committed
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    copyFileSync(source, path.join(dir, file));
    if (path.basename(file) === 'package.json')
      moduleFolders.add(path.join(path.dirname(file), 'node_modules'));
  }
  for (const folder of moduleFolders) {
    if (existsSync(path.join(ROOT, folder))) linkModules(path.join(ROOT, folder), path.join(dir, folder));
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
