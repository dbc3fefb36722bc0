import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';

/** One object the emulator handed out: an API answer (by route) or an event it recorded. */
export type Observed = { kind: 'response'; route: string; body: unknown } | { kind: 'event'; body: unknown };

/** Sees every object the emulator hands out; for checking its shapes against Stripe's types. */
export type ResponseObserver = (observed: Observed) => void;

/**
 * With `EMULATOR_RECORD_DIR` set (the test suite sets it), every answer and event is appended to a
 * JSON-lines file of this process's own there, so a check after the run can validate them all.
 * Never on in production.
 */
export function recordingObserver(env = process.env): ResponseObserver | undefined {
  const dir = env.EMULATOR_RECORD_DIR;
  if (!dir || env.NODE_ENV === 'production') return undefined;
  const file = join(dir, `stripe-${process.pid}-${randomBytes(4).toString('hex')}.jsonl`);
  return (observed) => appendFileSync(file, `${JSON.stringify({ source: 'stripe', ...observed })}\n`);
}
