// The database as the apps see it: the client, and repositories for every table. Table objects
// stay inside this package (and its test helpers), so every query lives here.
export * from './client.ts';
export * from './ledger.ts';
export * from './faults.ts';
export * from './locks.ts';
export * from './notices.ts';
export * from './rate-limits.ts';
export * from './repositories/index.ts';
export * from './slot-locks.ts';
