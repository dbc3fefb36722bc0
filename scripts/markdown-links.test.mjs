// Every relative link in the repository's Markdown files leads somewhere: the file or folder exists,
// and a `#fragment` names a heading of the file it points into.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './lib.mjs';

/** The Markdown files the repository holds (tracked, or new and not ignored). */
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && existsSync(path.join(ROOT, file)));

/** The text of a Markdown file outside its fenced code blocks and inline code. */
const prose = (text) => text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');

/** GitHub's anchor for a heading: lower case, punctuation out, spaces to dashes. */
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const anchorsOf = (file) =>
  new Set(
    [...prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map(([, heading]) =>
      slug(heading),
    ),
  );

/** Each relative link of a file: its target as written. */
const linksOf = (text) =>
  [...prose(text).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
    .map(([, target]) => target)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));

/** Why a link of `file` leads nowhere; undefined when it leads somewhere. */
function brokenLink(file, target) {
  const [where, fragment] = target.split('#');
  const into = where
    ? path.resolve(path.dirname(path.join(ROOT, file)), decodeURI(where))
    : path.join(ROOT, file);
  if (!existsSync(into)) return `${file}: ${target} (no such file)`;
  if (fragment && into.endsWith('.md') && !anchorsOf(into).has(fragment))
    return `${file}: ${target} (no such heading)`;
  return undefined;
}

describe('links in Markdown', () => {
  it('finds the documents and their links', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md', 'bench/README.md']));
    expect(linksOf(readFileSync(path.join(ROOT, 'README.md'), 'utf8'))).toContain('docs/settings.md');
  });

  it('every relative link leads to a file that exists, and a fragment to a heading in it', () => {
    const broken = files.flatMap((file) =>
      linksOf(readFileSync(path.join(ROOT, file), 'utf8'))
        .map((target) => brokenLink(file, target))
        .filter(Boolean),
    );
    expect(broken).toEqual([]);
  });

  it('tells a broken link, a missing heading and a good one apart', () => {
    expect(brokenLink('README.md', 'docs/no-such-document.md')).toMatch(/no such file/);
    expect(brokenLink('README.md', 'docs/settings.md#no-such-group')).toMatch(/no such heading/);
    expect(brokenLink('README.md', 'docs/settings.md#discord-bot')).toBeUndefined();
    expect(brokenLink('docs/discord.md', '../packages/discord-emulator/README.md')).toBeUndefined();
    expect(linksOf('see [a](https://example.com) and `[b](nowhere.md)` and [c](./here.md#x)')).toEqual([
      './here.md#x',
    ]);
  });
});
