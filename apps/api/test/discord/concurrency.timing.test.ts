import { priceOf } from '@app/domain';
import { MessageFlags } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, createHarness } from './harness.ts';
import { balanceOf } from './queries.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await h.stopWorker();
}, 60_000);
afterAll(async () => {
  await h?.close();
});

// A race on the ledger and the per-user lock: meaningful on PostgreSQL, where requests truly overlap.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a burst of /make', () => {
  it('200 at once from users whose credits cover 50: 50 queued, 150 told they lack credits, all answered in time', async () => {
    const price = priceOf('make').credits;
    const users = await Promise.all(Array.from({ length: 10 }, () => h.user(5 * price)));
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        h.command(users[index % 10]!.discordId, 'make', { prompt: `burst ${index}` }, 'image-2'),
      ),
    );
    // The emulator fails an interaction not answered within Discord's 3 s.
    expect(outcomes.filter((outcome) => outcome.error)).toEqual([]);
    for (const outcome of outcomes) expect([4, 5]).toContain(outcome.response?.type);

    const settled = await h.waitFor(async () => {
      const messages = await h.messages('image-2');
      const queued = messages.filter((m) => m.content.includes('/make: Your request is queued'));
      const refused = messages.filter((m) => m.content.startsWith('Not enough credits'));
      return queued.length + refused.length === 200 ? { queued, refused, messages } : null;
    }, 30_000);
    expect(settled.queued).toHaveLength(50);
    for (const message of settled.queued) expect(message.flags ?? 0).toBe(0);
    expect(settled.refused).toHaveLength(150);
    for (const message of settled.refused) expect(message.flags).toBe(MessageFlags.Ephemeral);
    for (const user of users)
      expect(await balanceOf(h.database, user.discordId)).toEqual({ credits: 0, hypercredits: 0 });
  }, 120_000);
});
