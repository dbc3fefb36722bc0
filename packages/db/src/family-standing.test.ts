import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './testing/index.ts';
import type { Database } from './client.ts';
import { createUser } from './repositories/users.ts';
import { insertJob } from './repositories/jobs.ts';
import { familyStanding, recordFleetHostEvent, registerFleetHosts } from './repositories/fleet.ts';

/** What a family's wait estimate is read from: slots, the typical busy time, and recent arrivals. */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

describe("a family's standing", () => {
  it('counts arrivals over ten typical job times, and the median busy time of its hosts', async () => {
    const host = 'http://gpu-standing:7860';
    await registerFleetHosts(database.db, [{ host, provider: 'a1111', families: ['video'], slots: 2 }]);
    const user = await createUser(database.db, { discordName: 'standing' });
    const before = await familyStanding(database.db, 'video', [], { arrivalWindowJobs: 10 });
    // Before any job finished: no typical time, and the arrivals of the last 30 s.
    expect(before).toMatchObject({ medianSeconds: null, arrivalWindowSeconds: 30, slots: 2 });

    for (const seconds of [2, 2, 90]) {
      await recordFleetHostEvent(database.db, {
        host,
        kind: 'attempt',
        family: 'video',
        outcome: 'succeeded',
        busySeconds: seconds,
      });
    }
    const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);
    const submitted: [secondsAgo: number, rank: number][] = [
      [5, 7],
      [15, 7],
      [25, 3],
    ];
    for (const [n, [seconds, priority]] of submitted.entries()) {
      await insertJob(database.db, {
        userId: user.id,
        command: 'video',
        family: 'video',
        options: { prompt: `clip ${n}` },
        priority,
        source: 'test',
        requestId: `standing-${n}`,
        createdAt: ago(seconds),
      });
    }
    const standing = await familyStanding(database.db, 'video', [], { arrivalWindowJobs: 10 });
    // The median ignores the one attempt that ran long; ten times 2 s is a 20 s window.
    expect(standing.medianSeconds).toBe(2);
    expect(standing.arrivalWindowSeconds).toBe(20);
    expect(standing.arrivals.sort((a, b) => a.rank - b.rank)).toEqual([{ rank: 7, count: 2 }]);

    // In a rush only the latest arrivals are read, over the time they took: the same pace.
    const sampled = await familyStanding(database.db, 'video', [], {
      arrivalWindowJobs: 10,
      arrivalSample: 1,
    });
    expect(sampled.arrivals).toEqual([{ rank: 7, count: 1 }]);
    expect(sampled.arrivalWindowSeconds).toBeGreaterThanOrEqual(5);
    expect(sampled.arrivalWindowSeconds).toBeLessThan(6);
  });
});
