import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';

/** One REST answer the emulator gave: the route (method and bucket) and its JSON body. */
export interface Observed {
  kind: 'response';
  route: string;
  body: unknown;
}

/** Sees every JSON answer of the REST API; for checking its shapes against discord-api-types. */
export type ResponseObserver = (observed: Observed) => void;

/**
 * With `EMULATOR_RECORD_DIR` set (the test suite sets it), every REST answer is appended to a
 * JSON-lines file of this process's own there, so a check after the run can validate them all.
 * Never on in production.
 */
export function recordingObserver(env = process.env): ResponseObserver | undefined {
  const dir = env.EMULATOR_RECORD_DIR;
  if (!dir || env.NODE_ENV === 'production') return undefined;
  const file = join(dir, `discord-${process.pid}-${randomBytes(4).toString('hex')}.jsonl`);
  return (observed) => appendFileSync(file, `${JSON.stringify({ source: 'discord', ...observed })}\n`);
}
