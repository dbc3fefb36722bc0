// The product's API on PostgreSQL with the Discord bot configured, for the interactions bench.
// Prints the key pair's private half (PEM) so the bench signs interactions as Discord would; the
// bot's REST calls are not exercised (PING and /help are answered in the HTTP response).
import { generateKeyPairSync } from 'node:crypto';
import { createDatabase } from '@app/db';
import { buildApp } from '@app/api/app';
import { loadSettings } from '@app/api/settings';
import { createBenchDatabase, dropBenchDatabase } from './bench-database.ts';
import { productionLogger } from './production-log.ts';
import './cpu-report.ts';

const name = 'hypercreate_bench_discord';

const url = await createBenchDatabase(name);

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const rawPublic = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');
const settings = loadSettings({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATABASE_URL: url,
  DISCORD_APPLICATION_ID: '100000000000000900',
  DISCORD_PUBLIC_KEY: rawPublic,
  DISCORD_BOT_TOKEN: 'bench-token',
  DISCORD_API_URL: 'http://127.0.0.1:9/api/v10',
});
const database = createDatabase({ databaseUrl: settings.databaseUrl });
await database.migrate();

const app = await buildApp({ settings, database, discord: { deliver: false }, logger: productionLogger });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(
  `KEY ${Buffer.from(privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()).toString('base64')}`,
);
console.log(`PORT ${typeof address === 'object' && address ? address.port : 0}`);

async function stop() {
  await app.close();
  await database.close();
  await dropBenchDatabase(name);
  process.exit(0);
}
process.once('SIGTERM', () => void stop());
