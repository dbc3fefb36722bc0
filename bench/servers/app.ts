// The product's API as it runs in production (its logging included), on an in-memory database, for the throughput bench.
import { createDatabase } from '@app/db';
import { buildApp } from '@app/api/app';
import { loadSettings } from '@app/api/settings';
import { productionLogger } from './production-log.ts';
import './cpu-report.ts';

const database = createDatabase({});
await database.migrate();
const app = await buildApp({
  settings: loadSettings({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
  database,
  logger: productionLogger,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`PORT ${typeof address === 'object' && address ? address.port : 0}`);
