import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LINES = 20_000;

/** Runs the fixture and answers the line numbers its log file holds. */
function logAndEnd(how: 'exit' | 'crash') {
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
  it.each(['exit', 'crash'] as const)('loses no line when the process ends (%s)', (how) => {
    const { status, numbers } = logAndEnd(how);
    expect(status).toBe(how === 'exit' ? 0 : 1);
    expect(numbers).toHaveLength(LINES);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(LINES);
  });
});
