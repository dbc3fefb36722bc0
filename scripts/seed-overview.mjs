// `npm run seed:overview`: writes a month of demo business (purchases, refunds, disputes,
// subscriptions, jobs, host events) into the database, for the admin overview. Uses DATABASE_URL,
// or the embedded database under DATA_DIR (default ./.data) while the server is stopped.
// Options: --days N (default 30), --seed N (another history).
import { parseArgs } from 'node:util';
import { createDatabase } from '@app/db';
import { seedOverviewHistory } from '@app/db/testing';

if (process.env.NODE_ENV === 'production') {
  console.error('The demo history is not for a production database.');
  process.exit(2);
}
const { values } = parseArgs({ options: { days: { type: 'string' }, seed: { type: 'string' } } });
const days = Number(values.days ?? 30);
const seed = Number(values.seed ?? Date.now() % 100_000);
if (!Number.isInteger(days) || days < 1 || days > 366) {
  console.error('--days must be a whole number from 1 to 366');
  process.exit(2);
}
const database = createDatabase(
  process.env.DATABASE_URL
    ? { databaseUrl: process.env.DATABASE_URL }
    : { dataDir: `${process.env.DATA_DIR ?? './.data'}/db` },
);
try {
  await database.migrate();
  const history = await seedOverviewHistory({ db: database.db, days, seed });
  console.log(
    `Seeded ${history.userIds.length} demo people's business from ${history.from} to ${history.to}.`,
  );
} finally {
  await database.close();
}
