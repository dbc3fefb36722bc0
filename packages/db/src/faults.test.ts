import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { createDatabase } from './client.ts';
import { createTestDatabase } from './testing/database.ts';
import {
  DatabaseUnreachableError,
  describeDatabaseUrl,
  isDatabaseUnavailable,
  waitForDatabase,
} from './faults.ts';

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('telling a lost database from a failed statement', () => {
  it('knows connection failures, however deep they are wrapped', () => {
    expect(
      isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01')),
    ).toBe(true);
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('read ECONNRESET', 'ECONNRESET'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connection failure', '08006'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(
      isDatabaseUnavailable(
        new Error('Failed query: select 1', {
          cause: new Error('Connection terminated due to connection timeout'),
        }),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''),
      ),
    ).toBe(true);
  });

  it('leaves every other failure alone', () => {
    expect(isDatabaseUnavailable(withCode('duplicate key value violates unique constraint', '23505'))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(withCode('new row violates check constraint', '23514'))).toBe(false);
    expect(
      isDatabaseUnavailable(new Error('Failed query: x', { cause: withCode('syntax error', '42601') })),
    ).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it('names a server without its credentials', () => {
    expect(describeDatabaseUrl('postgres://app:s3cret@db.internal:6543/hypercreate')).toBe(
      'db.internal:6543/hypercreate',
    );
    expect(describeDatabaseUrl('postgres://db/hypercreate')).toBe('db:5432/hypercreate');
  });
});

describe('waiting for the database at start-up', () => {
  it('gives up after its bound with one line naming the server and the cause, never the password', async () => {
    const port = await closedPort();
    const database = createDatabase({ databaseUrl: `postgres://app:s3cret@127.0.0.1:${port}/hypercreate` });
    const retries: string[] = [];
    try {
      const error = await waitForDatabase(database, {
        maxWaitMs: 800,
        onRetry: (message) => retries.push(message),
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DatabaseUnreachableError);
      const message = (error as Error).message;
      expect(message).toBe(
        `The database at 127.0.0.1:${port}/hypercreate did not answer within 1 s (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:${port}).`,
      );
      expect(message).not.toContain('s3cret');
      expect(message).not.toContain('\n');
      // It tried more than once before giving up.
      expect(retries.length).toBeGreaterThan(1);
    } finally {
      await database.close();
    }
  });

  it('starts as soon as the database answers', async () => {
    const database = await createTestDatabase();
    try {
      await waitForDatabase(database, { maxWaitMs: 1_000 });
    } finally {
      await database.close();
    }
  });
});
