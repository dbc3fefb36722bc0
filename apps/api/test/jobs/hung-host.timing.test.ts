import { findUserById, listFleetHosts } from '@app/db';
import { ledgerEntriesOf } from '@app/db/testing';
import type { A1111StandIn } from '@app/generation/stand-ins/a1111';
import { describe, expect, it } from 'vitest';
import { standInFleet } from './backend-helpers.ts';
import { submit, user, waitForJob } from './helpers.ts';

/**
 * A host that hangs in the middle of a job and then stops answering its probes: once the probes
 * take it out of rotation, its job moves to another host at once, charged once, instead of
 * waiting out the family's deadline (three minutes for images).
 */

const fleet = standInFleet();

const generations = (sd: A1111StandIn) => sd.calls('POST', '/sdapi/v1/txt2img').length;

describe('a host that hangs on a job and then stops answering', () => {
  it('has its job moved to another host within 30 s of leaving rotation, charged once', async () => {
    // Wherever the job goes, it hangs there at first.
    const { t, hosts: pair } = await fleet.start(2, { FLEET_PROBE_SECONDS: '0.5' }, (sd) => (sd.hang = true));
    const me = await user(t, 'patient', { credits: 40 });
    const response = await submit(t, me.cookie, { command: 'make', options: { prompt: 'a lighthouse' } });
    expect(response.statusCode).toBe(202);
    const id = response.json().job.id as string;

    const start = Date.now();
    while (!pair.some((sd) => generations(sd) > 0)) {
      if (Date.now() - start > 30_000) throw new Error('the job never reached a host');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const hung = pair.find((sd) => generations(sd) > 0)!;
    const healthy = pair.find((sd) => sd !== hung)!;
    healthy.hang = false;
    // The hung host stops answering anything, its probes included.
    hung.faults.silent = true;

    const job = await waitForJob(t, me.cookie, id, 60_000);
    expect(job.status).toBe('succeeded');
    expect(generations(healthy)).toBe(1);
    const row = (await listFleetHosts(t.database.db)).find((entry) => entry.host === hung.url)!;
    expect(row.status).toBe('down');
    expect(new Date(job.finishedAt).getTime() - row.downSince!.getTime()).toBeLessThan(30_000);
    expect((await findUserById(t.database.db, me.id))!.credits).toBe(40 - 4);
    const entries = await ledgerEntriesOf(t.database.db, me.id);
    expect(entries.filter((entry) => entry.reason.startsWith('refund'))).toHaveLength(0);
  }, 90_000);
});
