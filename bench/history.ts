// bench/results/latest.json: each bench's figures from its last run, beside the run before it, so a
// change can be compared with the last. A run of some benches keeps the others' figures as they were.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Figure } from './lib.ts';

/** One figure of a run: its value (a median where it was measured in rounds) and its spread. */
export interface Recorded {
  value: number;
  unit: string;
  low?: number;
  high?: number;
  date: string;
}

type Figures = Record<string, Record<string, Recorded>>;

interface ResultsFile {
  date: string;
  /** By bench, then by figure: the latest run of each bench. */
  figures: Figures;
  /** The same, for the run of each bench before its latest. */
  previous: Figures;
  /** Everything each bench measured in its latest run, round by round where it has rounds. */
  details: Record<string, unknown>;
}

export function openHistory(file: string) {
  const before: Partial<ResultsFile> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const date = new Date().toISOString();
  const results: ResultsFile = {
    date,
    figures: { ...before.figures },
    previous: { ...before.previous },
    details: { ...before.details },
  };
  return {
    /**
     * Records a bench's figures (plain numbers or figures with a spread) and its details, and prints
     * each figure beside the same figure of the bench's previous run.
     */
    record(bench: string, figures: Record<string, [number | Figure, string]>, details: unknown) {
      const last = before.figures?.[bench];
      const recorded: Record<string, Recorded> = {};
      const lines: string[] = [];
      for (const [name, [measured, unit]] of Object.entries(figures)) {
        const figure = typeof measured === 'number' ? { median: measured } : measured;
        recorded[name] = {
          value: figure.median,
          unit,
          ...('low' in figure ? { low: figure.low, high: figure.high } : {}),
          date,
        };
        const was = last?.[name];
        if (was && was.value !== 0) {
          const change = ((figure.median - was.value) / was.value) * 100;
          lines.push(
            `  ${name.padEnd(40)} ${round(figure.median).padStart(9)} ${unit.padEnd(8)} was ${round(was.value)} (${change >= 0 ? '+' : ''}${change.toFixed(1)}%)`,
          );
        }
      }
      if (lines.length > 0)
        console.log(
          `Against the last run (${last ? Object.values(last)[0]?.date : ''}):\n${lines.join('\n')}`,
        );
      if (last) results.previous[bench] = last;
      results.figures[bench] = recorded;
      results.details[bench] = details;
    },
    write() {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    },
  };
}

const round = (value: number) => (Math.abs(value) >= 100 ? value.toFixed(0) : value.toPrecision(3));
