// Vitest global setup: the emulators record every object they hand out during the run (in this
// process, in test workers and in server processes the tests start, which inherit the variable);
// at the end each one is checked against the official types, the counts are printed, and any
// object that breaks its type fails the run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkRecords, formatReport, readRecords } from './records.ts';

export default function setup(): (() => void) | undefined {
  // Another setup of the same run (a nested config) is already recording.
  if (process.env.EMULATOR_RECORD_DIR) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'emulator-records-'));
  process.env.EMULATOR_RECORD_DIR = dir;
  return () => {
    delete process.env.EMULATOR_RECORD_DIR;
    const started = performance.now();
    const report = checkRecords(readRecords(dir));
    rmSync(dir, { recursive: true, force: true });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`\n${formatReport(report)}\n  (checked in ${seconds} s)\n`);
    if (report.failures.length > 0) {
      // Vitest only logs an error thrown here; the exit code is what fails `npm test`.
      console.error(
        `✗ ${report.failures.length} kinds of emulator objects break the official types (above).`,
      );
      process.exitCode = 1;
    }
  };
}
