import { listFleetHosts } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import { parseGenerationBackends } from '@app/generation';
import { afterEach, describe, expect, it } from 'vitest';
import { type FleetHost, HostHealth, MAX_PROBE_BACKOFF_MS, registerHosts } from '../src/fleet/hosts.ts';
import { waitFor } from './helpers.ts';

/**
 * The shared view of which hosts are in rotation, with a probe the test scripts and a clock it
 * moves: probes run on their own timer, so each check waits for probe rounds to happen.
 */

const FLAKY = 'http://flaky:7860';
const STEADY = 'http://steady:7860';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function setUp() {
  const database = await createTestDatabase();
  const parsed = parseGenerationBackends(`image=a1111:${FLAKY}|${STEADY}`);
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  const hosts = await registerHosts(database, parsed.table);
  let clock = 1_000_000;
  const answers = new Map([
    [FLAKY, true],
    [STEADY, true],
  ]);
  const probes = new Map([
    [FLAKY, 0],
    [STEADY, 0],
  ]);
  const health = new HostHealth({
    database,
    hosts,
    probeSeconds: 0.2,
    refreshMs: 60_000,
    now: () => clock,
    probe: async (host: FleetHost) => {
      probes.set(host.host, probes.get(host.host)! + 1);
      return answers.get(host.host)!;
    },
  });
  await health.start();
  close = async () => {
    health.stop();
    await database.close();
  };
  /** Waits until the steady host has been probed `rounds` more times: that many rounds ran. */
  const rounds = async (count: number) => {
    const target = probes.get(STEADY)! + count;
    await waitFor(async () => probes.get(STEADY)! >= target);
  };
  return {
    database,
    health,
    answers,
    probes,
    rounds,
    advance: (ms: number) => (clock += ms),
  };
}

describe('host health', () => {
  it('takes a host in rotation out when it misses its probes, and puts it back when it answers', async () => {
    const { database, health, answers, rounds } = await setUp();
    expect(health.isUp(FLAKY)).toBe(true);
    answers.set(FLAKY, false);
    await waitFor(async () => !health.isUp(FLAKY));
    // Out here at once; the shared state says so as soon as its write has landed.
    await waitFor(
      async () =>
        (await listFleetHosts(database.db)).find((entry) => entry.host === FLAKY)?.status === 'down',
    );
    await rounds(2);
    expect(health.isUp(FLAKY)).toBe(false);
    answers.set(FLAKY, true);
    await waitFor(async () => health.isUp(FLAKY));
    expect(health.isUp(STEADY)).toBe(true);
  });

  it('probes a host that keeps failing jobs ever less often, and afresh once it finishes one', async () => {
    const { health, probes, rounds, advance } = await setUp();
    const probeMs = 200;
    for (const wait of [probeMs, 2 * probeMs, 4 * probeMs]) {
      await health.markDown(FLAKY, 'BACKEND_BAD_ANSWER');
      const before = probes.get(FLAKY)!;
      advance(wait - 1);
      await rounds(2);
      // Its wait is not over: not even asked.
      expect(probes.get(FLAKY)).toBe(before);
      expect(health.isUp(FLAKY)).toBe(false);
      advance(1);
      await waitFor(async () => health.isUp(FLAKY));
    }

    health.noteSuccess(FLAKY);
    await health.markDown(FLAKY, 'BACKEND_BAD_ANSWER');
    advance(probeMs);
    await waitFor(async () => health.isUp(FLAKY));
  });

  it('never waits longer than its cap between probes', async () => {
    const { health, rounds, advance } = await setUp();
    for (let n = 0; n < 20; n++) await health.markDown(FLAKY, 'BACKEND_BAD_ANSWER');
    advance(MAX_PROBE_BACKOFF_MS - 1);
    await rounds(2);
    expect(health.isUp(FLAKY)).toBe(false);
    advance(1);
    await waitFor(async () => health.isUp(FLAKY));
  });

  it('takes a host out here at once when the shared state was seen to say so', async () => {
    const { health } = await setUp();
    health.noteDown(FLAKY);
    expect(health.isUp(FLAKY)).toBe(false);
    expect(health.isUp(STEADY)).toBe(true);
  });
});
