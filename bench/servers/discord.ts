// The product's API on PostgreSQL with the Discord bot configured, for the interactions bench.
// Prints the key pair's private half (PEM) so the bench signs interactions as Discord would; the
// bot's REST calls are not exercised (PING and /help are answered in the HTTP response).
import { generateKeyPairSync } from 'node:crypto';
import { createDatabase } from '@app/db';
import pg from 'pg';
import { buildApp } from '@app/api/app';
import { loadSettings } from '@app/api/settings';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = 'hypercreate_bench_discord';

async function onServer(query: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

await onServer(`drop database if exists "${name}" with (force)`);
await onServer(`create database "${name}"`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const rawPublic = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');
const settings = loadSettings({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATABASE_URL: url.toString(),
  DISCORD_APPLICATION_ID: '100000000000000900',
  DISCORD_PUBLIC_KEY: rawPublic,
  DISCORD_BOT_TOKEN: 'bench-token',
  DISCORD_API_URL: 'http://127.0.0.1:9/api/v10',
});
const database = createDatabase({ databaseUrl: settings.databaseUrl });
await database.migrate();

const app = await buildApp({ settings, database, discord: { deliver: false } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(
  `KEY ${Buffer.from(privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()).toString('base64')}`,
);
console.log(`PORT ${typeof address === 'object' && address ? address.port : 0}`);

async function stop() {
  await app.close();
  await database.close();
  await onServer(`drop database if exists "${name}" with (force)`);
  process.exit(0);
}
process.once('SIGTERM', () => void stop());
