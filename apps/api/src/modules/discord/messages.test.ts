import { MessageFlags } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import {
  MAX_ATTACHMENT_BYTES,
  failureMessage,
  insufficientCreditsMessage,
  loraReadyMessage,
  queuedMessage,
  resultComponents,
  resultFileName,
  resultMessage,
} from './messages.ts';
import { ageBandOf, parseInteraction, settingOf, snowflakeTime, splitCustomId } from './parse-interaction.ts';

const JOB = '7c6a1f0e-0000-4000-8000-000000000001';

describe('result buttons', () => {
  it('are love (with its count), edit, re-roll, delete, then vary and GIF under images, with <action>:<jobId> ids', () => {
    const rows = resultComponents(JOB, { image: true, loves: 3 });
    const buttons = rows.flatMap((row) => row.components) as {
      custom_id: string;
      emoji?: { name?: string };
      label?: string;
    }[];
    expect(buttons.map((button) => button.custom_id)).toEqual(
      ['love', 'edit', 'reroll', 'delete', 'vary', 'gif'].map((action) => `${action}:${JOB}`),
    );
    expect(buttons.map((button) => button.emoji?.name)).toEqual(['❤️', '✏️', '🎲', '🗑️', '🔀', '🎞️']);
    expect(buttons.map((button) => button.label)).toEqual([
      'Love (3)',
      'Edit & regenerate',
      'Re-roll',
      'Delete',
      'Vary',
      'GIF',
    ]);
    const unloved = resultComponents(JOB, { image: true, loves: 0 })[0]!.components[0] as { label?: string };
    expect(unloved.label).toBe('Love');
    expect(rows.every((row) => row.components.length <= 5)).toBe(true);
    const audio = resultComponents(JOB, { image: false, loves: 0 }).flatMap((row) => row.components);
    expect(audio).toHaveLength(4);
  });
});

describe('result message', () => {
  it('pings only its owner, shows the prompt, attaches small files and links big ones', () => {
    const { payload, attach } = resultMessage({
      jobId: JOB,
      discordUserId: '111',
      command: 'video',
      prompt: 'a wave',
      files: [
        { name: 'a.mp4', bytes: 1000, url: 'https://x/media/a.mp4' },
        { name: 'b.mp4', bytes: MAX_ATTACHMENT_BYTES + 1, url: 'https://x/media/b.mp4' },
      ],
      image: false,
      loves: 0,
    });
    expect(payload.content!.startsWith('<@111> your /video is ready: **a wave**')).toBe(true);
    expect(payload.allowed_mentions).toEqual({ users: ['111'] });
    expect(attach.map((file) => file.name)).toEqual(['a.mp4']);
    expect(payload.content!).toContain('https://x/media/b.mp4');
    expect(payload.content!).not.toContain('https://x/media/a.mp4');
  });

  it('keeps a long prompt inside Discord’s 2,000 characters', () => {
    const { payload } = resultMessage({
      jobId: JOB,
      discordUserId: '1',
      command: 'make',
      prompt: 'x'.repeat(5000),
      files: [],
      image: true,
      loves: 0,
    });
    expect(payload.content!.length).toBeLessThanOrEqual(2000);
  });
});

describe('answers', () => {
  it('queued: visible, with the position and the cost, pinging nobody', () => {
    const message = queuedMessage({ command: 'make', position: 2, cost: { credits: 4, hypercredits: 0 } });
    expect(message.content).toContain(
      '/make: Your request is queued. I will ping you here when it is ready.',
    );
    expect(message.content).toContain('position 3 in the queue · fast mode · cost: 4 credits');
    expect(message.allowed_mentions).toEqual({ parse: [] });
    expect(
      queuedMessage({ command: 'loracreate', position: 0, cost: { credits: 400, hypercredits: 0 }, dm: true })
        .content,
    ).toContain('direct message');
  });

  it('queued, then moving: the wait and refund time, Running… with progress, then done', () => {
    const cost = { credits: 4, hypercredits: 0 };
    const refundAt = new Date(Date.UTC(2026, 0, 1, 12, 0, 0));
    const first = '/make: Your request is queued. I will ping you here when it is ready.\n';
    const queued = queuedMessage({
      command: 'make',
      position: 4,
      cost,
      standing: { status: 'queued', position: 4, waitSeconds: 95, refundAt },
    });
    expect(queued.content).toBe(
      `${first}You are position 5 in the queue · about 2 minutes · fast mode · cost: 4 credits.\n` +
        `Refunded automatically if not finished by <t:${refundAt.getTime() / 1000}:t>.`,
    );
    const running = queuedMessage({
      command: 'make',
      position: 0,
      cost,
      standing: { status: 'running', position: 0, progress: 0.4, refundAt },
    });
    expect(running.content).toBe(
      `${first}Running… 40% · fast mode · cost: 4 credits.\nRefunded automatically if not finished by <t:${refundAt.getTime() / 1000}:t>.`,
    );
    expect(
      queuedMessage({ command: 'make', position: 0, cost, standing: { status: 'running', position: 0 } })
        .content,
    ).toBe(`${first}Running… · fast mode · cost: 4 credits.`);
    expect(
      queuedMessage({ command: 'make', position: 0, cost, standing: { status: 'succeeded', position: 0 } })
        .content,
    ).toBe(`${first}Done · fast mode · cost: 4 credits.`);
    expect(
      queuedMessage({ command: 'make', position: 0, cost, standing: { status: 'failed', position: 0 } })
        .content,
    ).toBe(`${first}It could not be finished and was refunded.`);
  });

  it('names the lane, and says when a job went to relax for want of credits', () => {
    const relaxed = queuedMessage({
      command: 'make',
      position: 0,
      cost: { credits: 0, hypercredits: 0 },
      lane: 'relax',
      autoRelaxed: true,
    });
    expect(relaxed.content).toContain(
      'You are out of credits, so this job runs in relax mode at no cost (your setting).',
    );
    expect(relaxed.content).toContain('You are next in line · relax mode · cost: free.');
    const turbo = queuedMessage({
      command: 'make',
      position: 1,
      cost: { credits: 8, hypercredits: 0 },
      lane: 'turbo',
    });
    expect(turbo.content).toContain('position 2 in the queue · turbo mode · cost: 8 credits.');
    expect(turbo.content).not.toContain('out of credits');
  });

  it('not enough credits: ephemeral, with cost, balance and where to buy', () => {
    const message = insufficientCreditsMessage({
      cost: { credits: 0, hypercredits: 5 },
      balance: { credits: 99, hypercredits: 2 },
      creditsUrl: 'https://app/credits',
    });
    expect(message.flags).toBe(MessageFlags.Ephemeral);
    expect(message.content).toBe(
      'Not enough credits: this costs 5 hypercredits and you have 2 hypercredits. Get more at https://app/credits',
    );
  });

  it('failure: pings the owner and says what was refunded', () => {
    const message = failureMessage({
      discordUserId: '9',
      command: 'music',
      reason: 'The generator broke.',
      refund: { credits: 0, hypercredits: 6 },
    });
    expect(message.content).toBe('<@9> your /music failed: The generator broke. 6 hypercredits refunded.');
  });
});

describe('parsing interactions', () => {
  it('reads a slash command’s options and resolved attachments', () => {
    const parsed = parseInteraction({
      id: '1200000000000000000',
      application_id: '5',
      type: 2,
      token: 'tok',
      version: 1,
      channel_id: '77',
      member: { user: { id: '42', username: 'ann' } },
      data: {
        id: '1',
        name: 'change',
        type: 1,
        options: [
          { name: 'prompt', type: 3, value: 'brighter' },
          { name: 'denoise', type: 10, value: 0.4 },
          { name: 'image', type: 11, value: '900' },
        ],
        resolved: {
          attachments: {
            '900': {
              id: '900',
              filename: 'a.png',
              size: 10,
              url: 'https://cdn/a.png',
              proxy_url: '',
              content_type: 'image/png',
            },
          },
        },
      },
    } as never);
    expect(parsed).toMatchObject({
      kind: 'command',
      name: 'change',
      options: { prompt: 'brighter', denoise: 0.4 },
      attachments: {
        image: { url: 'https://cdn/a.png', filename: 'a.png', size: 10, contentType: 'image/png' },
      },
      base: { id: '1200000000000000000', token: 'tok', channelId: '77', user: { id: '42', username: 'ann' } },
    });
  });

  it('reads a button’s action and job, and a modal’s fields', () => {
    const button = parseInteraction({
      id: '1',
      application_id: '5',
      type: 3,
      token: 't',
      version: 1,
      channel_id: '7',
      user: { id: '3', username: 'u' },
      message: { id: '55' },
      data: { component_type: 2, custom_id: `reroll:${JOB}` },
    } as never);
    expect(button).toMatchObject({ kind: 'button', action: 'reroll', jobId: JOB, messageId: '55' });
    const modal = parseInteraction({
      id: '1',
      application_id: '5',
      type: 5,
      token: 't',
      version: 1,
      channel_id: '7',
      user: { id: '3', username: 'u' },
      data: {
        custom_id: `edit:${JOB}`,
        components: [{ type: 1, components: [{ type: 4, custom_id: 'prompt', value: 'new words' }] }],
      },
    } as never);
    expect(modal).toMatchObject({
      kind: 'modal',
      action: 'edit',
      jobId: JOB,
      fields: { prompt: 'new words' },
    });
    expect(
      parseInteraction({ id: '1', application_id: '5', type: 1, token: 't', version: 1 } as never),
    ).toEqual({ kind: 'ping' });
  });

  it('reads the time from a snowflake and reads only our custom ids', () => {
    expect(snowflakeTime('175928847299117063').toISOString()).toBe('2016-04-30T11:18:25.796Z');
    const id = '0b9c2f4e-4a57-4a8e-9d4f-3f1a2b3c4d5e';
    expect(splitCustomId(`reroll:${id}`)).toEqual({ action: 'reroll', jobId: id });
    for (const foreign of [
      'reroll:not-a-uuid',
      'reroll',
      `shout:${id}`,
      `edit:${id}:x`,
      `reroll:${id}${'x'.repeat(100_000)}`,
    ]) {
      expect(splitCustomId(foreign)).toBeNull();
    }
  });
});

describe('the LoRA-ready message', () => {
  it("teaches the guide's weight syntax, -loraweight, with its range", () => {
    const { content } = loraReadyMessage('InkFace');
    expect(content).toContain('`-lora InkFace -loraweight 0.7`');
    expect(content).toContain('from 0.1 to 1');
    expect(content).not.toMatch(/-lora InkFace \d/);
  });
});

describe('settings ids and result file names', () => {
  it('reads only our /settings ids', () => {
    expect(settingOf('settings:aspect')).toBe('aspect');
    expect(settingOf('settings:reset')).toBe('reset');
    expect(settingOf('settings:evil')).toBeNull();
    expect(settingOf(`settings:${'a'.repeat(200)}`)).toBeNull();
  });

  it('reads only the age question’s bands; any other `age:` button is stale', () => {
    expect(ageBandOf('age:18+')).toBe('18+');
    expect(ageBandOf('age:13-17')).toBe('13-17');
    expect(ageBandOf('age:under-13')).toBe('under-13');
    for (const foreign of ['age:12', 'age:', 'age:18+ ', 'ages:18+', `age:${'1'.repeat(200)}`])
      expect(ageBandOf(foreign)).toBeNull();
    const click = (customId: string) =>
      parseInteraction({
        id: '1',
        application_id: '5',
        type: 3,
        token: 't',
        version: 1,
        channel_id: '7',
        user: { id: '3', username: 'u' },
        message: { id: '55' },
        data: { component_type: 2, custom_id: customId },
      } as never);
    expect(click('age:13-17')).toMatchObject({ kind: 'age', band: '13-17' });
    expect(click('age:99')).toMatchObject({ kind: 'stale', customId: 'age:99' });
  });

  it('titles files from the prompt without its flags, numbered when there are several', () => {
    expect(
      resultFileName({ prompt: 'A calm piano tune -wide', storedName: '0-xYFb6I.mp3', index: 0, count: 1 }),
    ).toBe('a-calm-piano-tune.mp3');
    expect(resultFileName({ prompt: 'a fox', storedName: '1-abc.mp4', index: 1, count: 2 })).toBe(
      'a-fox-2.mp4',
    );
    expect(resultFileName({ prompt: '', storedName: '0-abc.png', index: 0, count: 1 })).toBe('0-abc.png');
    expect(
      resultFileName({ prompt: 'word '.repeat(30), storedName: 'x.png', index: 0, count: 1 }).length,
    ).toBeLessThanOrEqual(64);
  });

  it('leaves out Edit where there is no prompt, and links a grid’s singles', () => {
    const rows = resultComponents(JOB, {
      image: true,
      loves: 0,
      prompt: false,
      singles: ['https://a/1.png', 'https://a/2.png'],
    });
    const all = rows.flatMap((row) => row.components) as {
      custom_id?: string;
      url?: string;
      label?: string;
    }[];
    expect(all.some((c) => c.custom_id?.startsWith('edit:'))).toBe(false);
    expect(all.filter((c) => c.url).map((c) => c.label)).toEqual(['Image 1', 'Image 2']);
  });
});
