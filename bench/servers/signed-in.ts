// The product's API on PostgreSQL with signed-in users, for the signed-in read bench
// (GET /api/auth/: session and user). BENCH_DATABASE_URL names the server; the bench creates its
// own database there, and prints one session cookie per user (each bench connection is a user).
import { createHash, randomBytes } from 'node:crypto';
import { createDatabase, createSession, createUser } from '@app/db';
import { buildApp } from '@app/api/app';
import { loadSettings } from '@app/api/settings';
import { SESSION_TTL_MS } from '@app/api/session';
import { createBenchDatabase, dropBenchDatabase } from './bench-database.ts';
import { productionLogger } from './production-log.ts';
import './cpu-report.ts';

const USERS = 100;
// Several of these servers run side by side in one bench, each with a database of its own.
const name = `hypercreate_bench_${process.env.BENCH_INSTANCE ?? 0}`;

const url = await createBenchDatabase(name);

// The session cache as a production process has it (tests turn it off by default).
const settings = loadSettings({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATABASE_URL: url,
  SESSION_CACHE_MS: '2000',
});
const database = createDatabase({ databaseUrl: settings.databaseUrl });
await database.migrate();

const cookies: string[] = [];
for (let i = 0; i < USERS; i++) {
  const user = await createUser(database.db, {
    discordName: `bench-${i}`,
    discordId: `bench-${i}`,
    email: `bench-${i}@example.com`,
  });
  const id = randomBytes(32).toString('base64url');
  const idHash = createHash('sha256').update(id).digest('hex');
  await createSession(database.db, {
    idHash,
    userId: user.id,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  cookies.push(`sid=${id}`);
}

const app = await buildApp({ settings, database, logger: productionLogger });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`COOKIES ${cookies.join(',')}`);
console.log(`PORT ${typeof address === 'object' && address ? address.port : 0}`);

// Stop cleanly and leave no database behind.
async function stop() {
  await app.close();
  await database.close();
  await dropBenchDatabase(name);
  process.exit(0);
}
process.once('SIGTERM', () => void stop());
