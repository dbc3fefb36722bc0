import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CHECKOUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A folder for what a browser run leaves (failure traces, screenshots, the seeded users' sessions):
 * outside the checkout, and one per checkout, so two checkouts running at once keep theirs apart.
 */
export const runFolder = (name: string) =>
  path.join(
    os.tmpdir(),
    `hypercreate-e2e-${name}-${createHash('sha256').update(CHECKOUT).digest('hex').slice(0, 12)}`,
  );
