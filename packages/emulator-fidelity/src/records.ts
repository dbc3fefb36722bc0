// Reads what the emulators recorded during a test run (JSON lines under EMULATOR_RECORD_DIR) and
// checks every object against the official types, counting objects per type and failures.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { discordSchema, checkDiscordResponse } from './discord-check.ts';
import { checkStripeObject } from './stripe-check.ts';
import { stripeSchema } from './stripe-schema.ts';
import type { Failure } from './validate.ts';

export interface Report {
  /** Objects checked, by source and type (`stripe payment_intent`, `discord APIMessage`). */
  counts: Record<string, number>;
  /** Distinct failures (type, path, message), each with how often it happened and one route. */
  failures: { type: string; failure: Failure; times: number; where: string }[];
}

/** One object an emulator recorded (see the emulators' `recordingObserver`). */
export interface Recorded {
  source: 'stripe' | 'discord';
  kind: string;
  route?: string;
  body: unknown;
}

export function readRecords(dir: string): Recorded[] {
  const out: Recorded[] = [];
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.jsonl'))
    .sort()) {
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      // A process killed mid-write (the crash tests) may leave a partial last line.
      if (!line) continue;
      try {
        out.push(JSON.parse(line) as Recorded);
      } catch {
        /* a torn line from a killed process */
      }
    }
  }
  return out;
}

export function checkRecords(records: Recorded[]): Report {
  const counts: Record<string, number> = {};
  const failures = new Map<string, Report['failures'][number]>();
  const add = (source: string, type: string, list: Failure[], where: string) => {
    counts[`${source} ${type}`] = (counts[`${source} ${type}`] ?? 0) + 1;
    for (const failure of list) {
      // Array indexes and the values themselves vary from object to object; one fault is one line.
      const key = `${source} ${type}\n${failure.path.replace(/\[\d+\]/g, '[]')}\n${failure.message.replace(/^.* is not one of/, 'not one of')}`;
      const seen = failures.get(key);
      if (seen) seen.times += 1;
      else failures.set(key, { type: `${source} ${type}`, failure, times: 1, where });
    }
  };
  for (const r of records) {
    const where = r.route ?? r.kind;
    if (r.source === 'stripe') {
      for (const c of checkStripeObject(r.body, stripeSchema())) add('stripe', c.type, c.failures, where);
    } else if (r.source === 'discord' && r.route) {
      const c = checkDiscordResponse(r.route, r.body, discordSchema());
      if (c) add('discord', c.type, c.failures, where);
    }
  }
  return { counts, failures: [...failures.values()] };
}

export function formatReport(report: Report): string {
  const lines = ['Emulator fidelity: objects checked against the official types'];
  const total = Object.values(report.counts).reduce((a, b) => a + b, 0);
  for (const [type, n] of Object.entries(report.counts).sort())
    lines.push(`  ${String(n).padStart(6)}  ${type}`);
  lines.push(`  ${String(total).padStart(6)}  in all; ${report.failures.length} distinct failures`);
  for (const f of report.failures.slice(0, 200)) {
    lines.push(`  ✗ ${f.type} ${f.failure.path}: ${f.failure.message} (${f.times}×, e.g. ${f.where})`);
  }
  return lines.join('\n');
}
