// The API with many signed-in users rich in credits, for the job-submission bench: a Discord rush,
// many people sending a /make or a few, each within the production limit of jobs in flight (no
// worker runs, so every job stays queued; there are enough people that none reaches it).
// BENCH_DB=pglite runs on an in-memory PGlite; otherwise the bench creates its own database on
// BENCH_DATABASE_URL. The bench measures POST /api/jobs itself (validation, hold, insert, enqueue).
import { createHash, randomBytes } from 'node:crypto';
import { createDatabase, createSession, createUser, grant } from '@app/db';
import { buildApp } from '@app/api/app';
import { loadSettings } from '@app/api/settings';
import { SESSION_TTL_MS } from '@app/api/session';
import { createBenchDatabase, dropBenchDatabase } from './bench-database.ts';
import { productionLogger } from './production-log.ts';
import './cpu-report.ts';

/** Enough people for 40,000 jobs at the default of 10 in flight each. */
const USERS = 4000;
const pglite = process.env.BENCH_DB === 'pglite';
// Not the name the code before used (`hypercreate_bench_jobs`): the bench runs both at once.
const name = 'hypercreate_bench_submissions';

let databaseUrl: string | undefined;
if (!pglite) {
  databaseUrl = await createBenchDatabase(name);
}

const settings = loadSettings({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: `.data/bench-jobs-${process.pid}`,
  // The read caches as `npm start` has them (off by default under NODE_ENV=test).
  SESSION_CACHE_MS: '2000',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const database = createDatabase({ databaseUrl: settings.databaseUrl });
await database.migrate();

/** A person signed in as sign-in signs them in (a session of the full term, not due for renewal). */
async function signedInUser(i: number): Promise<string> {
  const user = await createUser(database.db, {
    discordName: `bench-${i}`,
    subscriptionStatus: 'Professional Plan',
    ageBand: '18+',
  });
  await grant(database.db, {
    userId: user.id,
    currency: 'credits',
    amount: 1_000_000_000,
    reason: 'bench',
    idempotencyKey: `bench:${user.id}`,
  });
  const id = randomBytes(32).toString('base64url');
  const idHash = createHash('sha256').update(id).digest('hex');
  await createSession(database.db, {
    idHash,
    userId: user.id,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return `sid=${id}`;
}

const cookies: string[] = [];
for (let i = 0; i < USERS; i += 16) {
  cookies.push(...(await Promise.all(Array.from({ length: 16 }, (_, j) => signedInUser(i + j)))));
}

const app = await buildApp({ settings, database, logger: productionLogger });
await app.generation.queue();
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`COOKIES ${cookies.join(',')}`);
console.log(`PORT ${typeof address === 'object' && address ? address.port : 0}`);

async function stop() {
  await app.close();
  await database.close();
  if (!pglite) await dropBenchDatabase(name);
  process.exit(0);
}
process.once('SIGTERM', () => void stop());
