// A database of the bench's own on the PostgreSQL server BENCH_DATABASE_URL names: created fresh
// for a run and dropped when the server stops, so no run measures another's leftovers.
import pg from 'pg';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function onServer(query: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** Creates the database `name` afresh and answers its connection string. */
export async function createBenchDatabase(name: string): Promise<string> {
  await dropBenchDatabase(name);
  await onServer(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropBenchDatabase(name: string): Promise<void> {
  await onServer(`drop database if exists "${name}" with (force)`);
}
