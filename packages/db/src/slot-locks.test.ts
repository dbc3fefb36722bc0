import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from './client.ts';
import {
  listFleetHosts,
  markFleetHostDown,
  markFleetHostUp,
  registerFleetHosts,
} from './repositories/fleet.ts';
import { openSlotLocks, type SlotLocks } from './slot-locks.ts';
import { createTestDatabase } from './testing/database.ts';

let database: Database | undefined;
const sessions: SlotLocks[] = [];
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
  await database?.close();
  database = undefined;
});

async function setup() {
  database = await createTestDatabase();
  const [row] = await registerFleetHosts(database.db, [
    { host: 'http://gpu-a:7860', provider: 'a1111', families: ['image'], slots: 2 },
  ]);
  const open = async () => {
    const session = await openSlotLocks(database!);
    sessions.push(session);
    return session;
  };
  return { db: database.db, key: row!.lockKey, open };
}

describe('host slots', () => {
  it('gives each slot to one holder at a time, and shows busy slots to anyone reading the hosts', async () => {
    const { db, key, open } = await setup();
    const worker = await open();
    expect(await worker.tryLock(key, 0)).toBe(true);
    expect(await worker.tryLock(key, 0)).toBe(false);
    expect(await worker.tryLock(key, 1)).toBe(true);
    expect((await listFleetHosts(db))[0]).toMatchObject({ slots: 2, busy: 2, status: 'up', jobsDone: 0 });
    await worker.unlock(key, 0);
    expect((await listFleetHosts(db))[0]!.busy).toBe(1);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'keeps a slot from a second worker until the first lets go or its connection dies',
    async () => {
      const { db, key, open } = await setup();
      const [first, second] = [await open(), await open()];
      expect(await first.tryLock(key, 0)).toBe(true);
      expect(await second.tryLock(key, 0)).toBe(false);
      expect(await second.tryLock(key, 1)).toBe(true);
      // A worker that dies (its connection closes) frees its slots at once.
      await first.close();
      expect(await second.tryLock(key, 0)).toBe(true);
      expect((await listFleetHosts(db))[0]!.busy).toBe(2);
    },
  );

  it('takes a host out of rotation with its error and since when, and puts it back', async () => {
    const { db } = await setup();
    await markFleetHostDown(db, 'http://gpu-a:7860', 'BACKEND_UNREACHABLE: connect ECONNREFUSED');
    const [down] = await listFleetHosts(db);
    expect(down).toMatchObject({ status: 'down', lastError: 'BACKEND_UNREACHABLE: connect ECONNREFUSED' });
    await markFleetHostDown(db, 'http://gpu-a:7860', 'BACKEND_TIMEOUT');
    expect((await listFleetHosts(db))[0]!.downSince).toEqual(down!.downSince);
    expect(await markFleetHostUp(db, 'http://gpu-a:7860')).toBe(true);
    expect(await markFleetHostUp(db, 'http://gpu-a:7860')).toBe(false);
    expect((await listFleetHosts(db))[0]).toMatchObject({ status: 'up', downSince: null });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'reports the slots of a lost connection as lost, then opens a new one and takes slots again',
    async () => {
      const { db, key, open } = await setup();
      const worker = await open();
      const lost = vi.fn();
      worker.onLost(lost);
      expect(await worker.tryLock(key, 1)).toBe(true);
      await db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'hypercreate-slots' and datname = current_database()`,
      );
      await vi.waitFor(() => expect(lost).toHaveBeenCalledWith([{ lockKey: key, slot: 1 }]), 10_000);
      // Another worker may take the slot now; this one gets a slot again once reconnected.
      const other = await open();
      expect(await other.tryLock(key, 1)).toBe(true);
      await vi.waitFor(() => expect(worker.alive).toBe(true), 10_000);
      expect(await worker.tryLock(key, 1)).toBe(false);
      expect(await worker.tryLock(key, 0)).toBe(true);
      expect((await listFleetHosts(db))[0]!.busy).toBe(2);
    },
  );
});
