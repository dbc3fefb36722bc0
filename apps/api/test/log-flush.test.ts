import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Runs the fixture and answers the line numbers its log file holds. */
function logAndEnd(how: 'exit' | 'crash', LINES: number) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'log-flush-')), 'server.log');
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures/log-then-exit.ts')],
    { env: { ...process.env, LOG_FILE: file, LINES: String(LINES), HOW: how }, encoding: 'utf8' },
  );
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  return { status: result.status, numbers: lines.map((line) => (JSON.parse(line) as { line: number }).line) };
}

describe('the server log, written asynchronously', () => {
  // Many lines (written while others are on their way) and a few (all still in the batch).
  it.each([
    ['exit', 20_000],
    ['crash', 20_000],
    ['exit', 3],
    ['crash', 3],
  ] as const)('loses no line when the process ends (%s, %i lines)', (how, LINES) => {
    const { status, numbers } = logAndEnd(how, LINES);
    expect(status).toBe(how === 'exit' ? 0 : 1);
    expect(numbers).toHaveLength(LINES);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(LINES);
  });
});
