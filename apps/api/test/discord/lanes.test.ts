import { findUserById, listJobs, updateUser } from '@app/db';
import { ledgerEntriesOf } from '@app/db/testing';
import { MessageFlags } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastProvider } from './fixtures.ts';
import { type DiscordMessage, type Harness, createHarness } from './harness.ts';

/*
 * Lanes on Discord: `/relax`, `/fast` and `/turbo` set the person's mode; the next job's answer names
 * it and costs nothing, its price, or twice; a plan without the lane is refused and nothing changes;
 * `/settings` sets the same and relax when out of credits; every change and zero-cost job is on the
 * ledger and in the job's row.
 */

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ provider: fastProvider() });
}, 60_000);
afterAll(async () => h?.close());

const answerOf = async (discordId: string, command: string, options?: Record<string, unknown>) =>
  (await h.command(discordId, command, options)).response!.data!;

async function member(credits: number, plan = 'Professional Plan') {
  const { discordId, account } = await h.user(credits);
  await updateUser(h.database.db, account.id, { subscriptionStatus: plan });
  return { discordId, userId: account.id };
}

/** The job of the latest `/make` by this person, once it finished. */
async function finishedMake(userId: string) {
  return h.waitFor(async () => {
    const [latest] = await listJobs(h.database.db, { userId, limit: 1 });
    return latest?.status === 'succeeded' ? latest : null;
  });
}

const balance = async (userId: string) => (await findUserById(h.database.db, userId))!.credits;

describe('/relax, /fast and /turbo', () => {
  it("a Professional member's /relax then /make costs 0 credits; after /fast the same costs its price", async () => {
    const { discordId, userId } = await member(100);
    const relax = await answerOf(discordId, 'relax');
    expect(relax.flags).toBe(MessageFlags.Ephemeral);
    expect(relax.content).toContain('You are now in relax mode');
    expect(relax.content).toContain('relax jobs a day');

    const queued = await answerOf(discordId, 'make', { prompt: 'a quiet harbour' });
    expect(queued.content).toContain('relax mode · cost: free');
    const relaxed = await finishedMake(userId);
    expect(relaxed).toMatchObject({ lane: 'relax', costCredits: 0, costHypercredits: 0, autoRelaxed: false });
    expect(await balance(userId)).toBe(100);

    expect((await answerOf(discordId, 'fast')).content).toContain('You are now in fast mode');
    const paid = await answerOf(discordId, 'make', { prompt: 'a busy harbour' });
    expect(paid.content).toContain('fast mode · cost: 4 credits');
    await h.waitFor(async () => (await balance(userId)) === 96);

    // Every lane change and the zero-cost job are on the ledger, in order, with the balance after.
    const entries = (await ledgerEntriesOf(h.database.db, userId)).filter((row) => row.reason !== 'test');
    expect(entries.map((row) => [row.reason, row.delta, row.balanceAfter])).toEqual([
      ['lane fast → relax', 0, 100],
      ['job make relax', 0, 100],
      ['lane relax → fast', 0, 100],
      ['job make', -4, 96],
    ]);
  });

  it("a free person's /relax is refused, naming the plans that have it, and nothing changes", async () => {
    const { discordId, account } = await h.user(50);
    const refused = await answerOf(discordId, 'relax');
    expect(refused.flags).toBe(MessageFlags.Ephemeral);
    expect(refused.content).toContain(
      'Relax mode comes with the Founders Image Only Plan, Founders Plan, Professional Plan',
    );
    expect(refused.content).toContain('Nothing was changed');
    expect((await answerOf(discordId, 'turbo')).content).toContain('Turbo mode comes with the');
    const after = (await findUserById(h.database.db, account.id))!;
    expect(after.lane).toBe('fast');
    expect((await ledgerEntriesOf(h.database.db, account.id)).map((row) => row.reason)).toEqual(['test']);
    // Its next job is a fast one, at its price.
    expect((await answerOf(discordId, 'make', { prompt: 'a field' })).content).toContain(
      'fast mode · cost: 4 credits',
    );
  });

  it('/turbo costs twice the price, said in the answer and on the ledger', async () => {
    const { discordId, userId } = await member(100, 'Founders Plan');
    await answerOf(discordId, 'turbo');
    const queued = await answerOf(discordId, 'make', { prompt: 'a racing boat' });
    expect(queued.content).toContain('turbo mode · cost: 8 credits');
    expect(await finishedMake(userId)).toMatchObject({ lane: 'turbo', costCredits: 8 });
    const entries = await ledgerEntriesOf(h.database.db, userId);
    expect(entries.find((row) => row.reason === 'job make turbo')).toMatchObject({ delta: -8 });
    // The same lane again changes and records nothing.
    expect((await answerOf(discordId, 'turbo')).content).toContain('You are already in turbo mode');
    expect(
      (await ledgerEntriesOf(h.database.db, userId)).filter((row) => row.reason.startsWith('lane ')),
    ).toHaveLength(1);
  });
});

type Component = { custom_id: string; options?: { value: string; default?: boolean }[]; label?: string };
const componentsOf = (message: DiscordMessage) =>
  (message.components ?? []).flatMap((row) => row.components) as unknown as Component[];

describe('/settings lanes', () => {
  it('chooses the mode from a menu and switches to relax when credits run out, saying so', async () => {
    const { discordId, userId } = await member(0);
    await h.command(discordId, 'settings');
    const answer = await h.waitFor(async () =>
      (await h.messages()).find(
        (m) => m.content.startsWith('**Your defaults**') && m.content.includes('Mode: Fast'),
      ),
    );
    const menu = componentsOf(answer).find((c) => c.custom_id === 'settings:lane')!;
    expect(menu.options!.map((o) => o.value)).toEqual(['fast', 'relax', 'turbo']);
    expect(menu.options!.find((o) => o.default)!.value).toBe('fast');

    // Out of credits without the setting: refused as before.
    expect((await answerOf(discordId, 'make', { prompt: 'a dry dock' })).content).toContain(
      'Not enough credits',
    );
    const toggled = await h.click(discordId, answer.id, 'settings:relaxwhenout');
    expect(toggled.response?.type).toBe(7);
    expect(toggled.response?.data?.content).toContain('Switch to relax when credits run out: on');
    const queued = await answerOf(discordId, 'make', { prompt: 'a dry dock' });
    expect(queued.content).toContain('You are out of credits, so this job runs in relax mode at no cost');
    expect(queued.content).toContain('relax mode · cost: free');
    expect(await finishedMake(userId)).toMatchObject({ lane: 'relax', autoRelaxed: true, costCredits: 0 });
    // The person's own mode stays fast.
    expect((await findUserById(h.database.db, userId))!.lane).toBe('fast');

    const chosen = await h.click(discordId, answer.id, 'settings:lane', ['relax']);
    expect(chosen.response?.data?.content).toContain('Mode: Relax');
    expect((await findUserById(h.database.db, userId))!.lane).toBe('relax');
  });

  it("a free person's /settings has no mode menu and no relax switch", async () => {
    const { discordId, account } = await h.user(10);
    await h.command(discordId, 'settings');
    const answer = await h.waitFor(async () =>
      (await h.messages()).find(
        (m) => m.content.startsWith('**Your defaults**') && m.content.includes('Mode: Fast'),
      ),
    );
    expect(componentsOf(answer).some((c) => c.custom_id === 'settings:lane')).toBe(false);
    expect(componentsOf(answer).some((c) => c.custom_id === 'settings:relaxwhenout')).toBe(false);
    expect((await findUserById(h.database.db, account.id))!.lane).toBe('fast');
  });
});

describe('/info lanes', () => {
  it('shows the mode, the credits spent in fast and turbo this period and the relax jobs against the cap', async () => {
    const { discordId, userId } = await member(100);
    await answerOf(discordId, 'make', { prompt: 'one fast' });
    await finishedMake(userId);
    await answerOf(discordId, 'turbo');
    await answerOf(discordId, 'make', { prompt: 'one turbo' });
    await h.waitFor(async () => (await balance(userId)) === 88);
    await answerOf(discordId, 'relax');
    await answerOf(discordId, 'make', { prompt: 'one relax' });
    const info = (await answerOf(discordId, 'info')).content!;
    expect(info).toContain('Mode: Relax');
    expect(info).toContain('Spent this period: fast 4 credits · turbo 8 credits');
    expect(info).toContain('Relax jobs this period: 1 · today 1 of 50');
  });
});
