import type { API } from '@discordjs/core/http-only';
import { describe, expect, it } from 'vitest';
import { CHANNEL_IDS_TTL_MS, createChannelDirectory } from './channel-directory.ts';

/** A stand-in for the bot's REST client that counts Get Guild Channels calls. */
function fakeApi(answers: (() => Promise<{ id: string; name?: string }[]>)[]) {
  let calls = 0;
  const api = {
    guilds: {
      getChannels: () => {
        const answer = answers[Math.min(calls, answers.length - 1)]!;
        calls++;
        return answer();
      },
    },
  } as unknown as API;
  return { api: () => api, calls: () => calls };
}

describe('channel ids for mentions', () => {
  it('asks Discord once per server within the cache time, and again after it', async () => {
    let now = 0;
    const discord = fakeApi([async () => [{ id: '7', name: 'video-1' }, { id: '8' }]]);
    const directory = createChannelDirectory({ definitions: [], api: discord.api, now: () => now });
    const [first, second] = await Promise.all([directory.ids('g1'), directory.ids('g1')]);
    expect(first.get('video-1')).toBe('7');
    expect(second).toBe(first);
    expect(discord.calls()).toBe(1);
    now += CHANNEL_IDS_TTL_MS + 1;
    await directory.ids('g1');
    expect(discord.calls()).toBe(2);
  });

  it('answers no ids in a DM or when Discord cannot be asked, and asks again soon after a failure', async () => {
    let now = 0;
    const discord = fakeApi([
      () => Promise.reject(new Error('503')),
      async () => [{ id: '9', name: 'music' }],
    ]);
    const directory = createChannelDirectory({ definitions: [], api: discord.api, now: () => now });
    expect((await directory.ids(undefined)).size).toBe(0);
    expect((await directory.ids('g1')).size).toBe(0);
    now += 31_000;
    expect((await directory.ids('g1')).get('music')).toBe('9');
  });
});
