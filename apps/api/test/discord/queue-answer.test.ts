import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastProvider } from './fixtures.ts';
import { type DiscordMessage, type Harness, createHarness } from './harness.ts';

let h: Harness;
/** While set, every job waits in the provider until the test lets it go. */
let holding = false;
const waiting: (() => void)[] = [];
const letOneGo = () => waiting.shift()?.();

beforeAll(async () => {
  const provider = fastProvider(async () => {
    if (holding) await new Promise<void>((resolve) => waiting.push(resolve));
    return undefined;
  });
  h = await createHarness({ provider, answerRefreshMs: 100 });
}, 60_000);
afterAll(async () => {
  holding = false;
  while (waiting.length) letOneGo();
  await h?.close();
});

const answerOf = (messages: DiscordMessage[], discordId: string) =>
  messages.find(
    (m) =>
      (m.interaction_metadata as { user?: { id?: string } } | undefined)?.user?.id === discordId &&
      m.content.includes('/make: Your request is queued'),
  );

const positionIn = (content: string) => {
  if (content.includes('You are next in line')) return 1;
  const match = /position (\d+) in the queue/.exec(content);
  return match ? Number(match[1]) : null;
};

describe('the queued answer during a flood', () => {
  it('is edited as the queue drains: a falling position, a wait and the refund time, then Done', async () => {
    // A finished job gives the family its recent run time, which the estimate needs.
    const warm = await h.user(100);
    await h.command(warm.discordId, 'make', { prompt: 'warm up' });
    await h.waitFor(async () =>
      (await h.messages()).find((m) => m.content.startsWith(`<@${warm.discordId}> your /make is ready`)),
    );

    holding = true;
    for (let person = 0; person < 20; person++) {
      const other = await h.user(100);
      await h.command(other.discordId, 'make', { prompt: `flood ${person}` });
    }
    await h.waitFor(async () => waiting.length === 1);
    const member = await h.user(100);
    await h.command(member.discordId, 'make', { prompt: 'a red fox' });
    const first = await h.waitFor(async () => answerOf(await h.messages(), member.discordId));
    // Twenty jobs by others: one running, nineteen ahead.
    expect(positionIn(first.content)).toBe(20);

    const seen = [first.content];
    for (let edit = 0; edit < 3; edit++) {
      letOneGo();
      const next = await h.waitFor(async () => {
        const answer = answerOf(await h.messages(), member.discordId);
        return answer && answer.content !== seen.at(-1) ? answer.content : null;
      }, 60_000);
      seen.push(next);
    }
    const positions = seen.map(positionIn);
    for (let at = 1; at < positions.length; at++) expect(positions[at]!).toBeLessThan(positions[at - 1]!);
    for (const content of seen) {
      expect(content).toMatch(/ · about \d+ (seconds|minutes?) · fast mode · cost: 4 credits\./);
      expect(content).toMatch(/\nRefunded automatically if not finished by <t:\d+:t>\.$/);
    }
    // The refund time: after the wait, three attempts of the image deadline (180 s) and the backoff.
    const unix = Number(/<t:(\d+):t>/.exec(seen.at(-1)!)![1]);
    expect(unix * 1000 - Date.now()).toBeGreaterThan(3 * 180_000);
    expect(unix * 1000 - Date.now()).toBeLessThan(3 * 180_000 + 6_000 + 120_000);

    // The rest of the flood goes; the member's job runs, then the answer says it is done.
    holding = false;
    while (waiting.length) letOneGo();
    const done = await h.waitFor(async () => {
      const answer = answerOf(await h.messages(), member.discordId);
      return answer?.content.endsWith('Done · fast mode · cost: 4 credits.') ? answer : null;
    }, 60_000);
    expect(
      done.content.startsWith('/make: Your request is queued. I will ping you here when it is ready.'),
    ).toBe(true);
  }, 300_000);
});
