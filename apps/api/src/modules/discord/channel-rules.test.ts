import { COMMANDS, serverChannels } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { channelRefusal, checkChannel } from './channel-rules.ts';

const command = (name: string) => COMMANDS.find((definition) => definition.name === name)!;
const inChannel = (name: string, nsfw = false) => ({ name, nsfw, dm: false });
const channels = serverChannels();
const ids = new Map(channels.map((channel, index) => [channel.name, String(900 + index)]));

describe('which channels a command runs in', () => {
  it('runs each family in its own channels only', () => {
    expect(checkChannel({ definition: command('make'), channel: inChannel('image-3'), channels }).ok).toBe(
      true,
    );
    expect(checkChannel({ definition: command('video'), channel: inChannel('video-2'), channels }).ok).toBe(
      true,
    );
    expect(checkChannel({ definition: command('music'), channel: inChannel('music'), channels }).ok).toBe(
      true,
    );
    expect(
      checkChannel({ definition: command('video'), channel: inChannel('image-3'), channels }),
    ).toMatchObject({
      ok: false,
      reason: 'wrong-channel',
    });
    expect(checkChannel({ definition: command('make'), channel: inChannel('music'), channels }).ok).toBe(
      false,
    );
    expect(checkChannel({ definition: command('speak'), channel: inChannel('music'), channels }).ok).toBe(
      false,
    );
  });

  it('runs commands without a channel kind anywhere, DMs included, and channel commands not in DMs', () => {
    const dm = { nsfw: false, dm: true };
    expect(checkChannel({ definition: command('help'), channel: dm, channels }).ok).toBe(true);
    expect(
      checkChannel({ definition: command('loracreate'), channel: inChannel('music'), channels }).ok,
    ).toBe(true);
    expect(checkChannel({ definition: command('make'), channel: dm, channels }).ok).toBe(false);
  });

  it('runs horror channels only while Discord marks them age-restricted', () => {
    expect(
      checkChannel({ definition: command('make'), channel: inChannel('image-horror', true), channels }).ok,
    ).toBe(true);
    const verdict = checkChannel({
      definition: command('make'),
      channel: inChannel('image-horror'),
      channels,
    });
    expect(verdict).toMatchObject({ ok: false, reason: 'not-age-restricted' });
    if (verdict.ok) return;
    expect(channelRefusal({ command: 'make', verdict, ids })).toContain(
      `<#${ids.get('image-horror')}> is for 18+`,
    );
  });

  it('names the right channels as mentions, falling back to #name for one the server lacks', () => {
    const verdict = checkChannel({ definition: command('video'), channel: inChannel('image-3'), channels });
    if (verdict.ok) throw new Error('expected a refusal');
    const text = channelRefusal({ command: 'video', verdict, ids });
    const videoIds = ['video-1', 'video-2', 'video-3', 'video-4'].map((name) => `<#${ids.get(name)}>`);
    expect(text).toBe(
      `/video works in ${videoIds.slice(0, 3).join(', ')} or ${videoIds[3]}, or <#${ids.get('video-horror')}> for 18+ horror. Nothing was charged.`,
    );
    expect(channelRefusal({ command: 'video', verdict, ids: new Map() })).toContain('#video-1, #video-2');
  });

  it('follows a server that names its channels differently', () => {
    const theirs = serverChannels({ video: ['clips-a', 'clips-b'] });
    expect(
      checkChannel({ definition: command('video'), channel: inChannel('clips-b'), channels: theirs }).ok,
    ).toBe(true);
    expect(
      checkChannel({ definition: command('video'), channel: inChannel('video-1'), channels: theirs }).ok,
    ).toBe(false);
    expect(
      checkChannel({ definition: command('make'), channel: inChannel('image-1'), channels: theirs }).ok,
    ).toBe(true);
  });
});
