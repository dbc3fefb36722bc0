import { COMMANDS, type CommandDefinition } from '@app/domain';
import { MessageFlags } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachment, type Harness, createHarness } from './harness.ts';
import { png, wav, zip } from './fixtures.ts';

let h: Harness;
let discordId: string;
beforeAll(async () => {
  h = await createHarness();
  discordId = (await h.user(100_000, 100_000)).discordId;
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const CHANNELS: Record<string, string> = {
  image: 'image-1',
  video: 'video-1',
  music: 'music',
  speech: 'speech',
  'sound-effects': 'sound-effects',
  lipsync: 'lipsync',
};
const MEDIA: Record<string, string> = { image: 'png', video: 'mp4', lipsync: 'mp4', audio: 'wav' };

async function optionsFor(command: CommandDefinition): Promise<Record<string, unknown>> {
  const values: Record<string, unknown> = {};
  for (const option of command.options) {
    if (!option.required) continue;
    if (option.type === 'attachment') {
      const accepts = option.accepts ?? [];
      if (accepts.includes('zip')) {
        const image = await png(24, 24);
        values[option.name] = attachment(
          'set.zip',
          'application/zip',
          zip(Array.from({ length: 8 }, (_, index) => ({ name: `${index}.png`, bytes: image }))),
        );
      } else if (accepts.includes('png'))
        values[option.name] = attachment(`${option.name}.png`, 'image/png', await png(32, 32));
      else values[option.name] = attachment(`${option.name}.wav`, 'audio/wav', wav());
    } else if (option.type === 'string') {
      values[option.name] = option.name === 'name' ? `Sweep${command.name}` : `a sweep of /${command.name}`;
    } else if (option.type === 'number' || option.type === 'integer') values[option.name] = option.min ?? 1;
    else values[option.name] = true;
  }
  return values;
}

describe('every command of the registry from a channel', () => {
  for (const command of COMMANDS) {
    it(`/${command.name}: ${command.answer.kind}`, async () => {
      const channel = command.channel ? CHANNELS[command.channel]! : 'image-1';
      const outcome = await h.command(
        discordId,
        command.name.toLowerCase(),
        await optionsFor(command),
        channel,
      );
      expect(outcome.error).toBeUndefined();
      const answer = outcome.response!.data!;
      if (command.answer.kind === 'immediate' && command.name !== 'describe') {
        expect(outcome.response!.type).toBe(4);
        expect(answer.flags).toBe(MessageFlags.Ephemeral);
        expect(answer.content!.length).toBeGreaterThan(0);
        return;
      }
      if (command.name === 'describe') {
        // A job answered privately: "thinking…" for the asker alone, then the caption in its place.
        expect(outcome.response!.type).toBe(5);
        expect(answer.flags).toBe(MessageFlags.Ephemeral);
        const caption = await h.waitFor(async () =>
          (await h.messages(channel)).find((m) => m.content === 'a blue square'),
        );
        expect(caption.flags! & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
        return;
      }
      expect(answer.flags ?? 0).toBe(0);
      expect(answer.content).toContain(`/${command.name}: Your request is queued`);
      if (command.answer.kind === 'queued-dm') {
        expect(answer.content).toContain('direct message');
        const [dm] = await h.waitFor(async () => {
          const dms = (await h.dms(discordId)).filter((m) => m.content.includes(`Sweep${command.name}`));
          return dms.length ? dms : null;
        });
        expect(dm!.content).toContain(`-lora Sweep${command.name}`);
        return;
      }
      const result = await h.waitFor(async () =>
        (await h.messages(channel)).find((m) =>
          m.content.startsWith(`<@${discordId}> your /${command.name} is ready`),
        ),
      );
      expect(result.mentions?.map((user) => user.id)).toEqual([discordId]);
      const family = command.category === 'lipsync' ? 'lipsync' : command.category;
      const ids = result.components!.flatMap((row) => row.components.map((c) => c.custom_id.split(':')[0]));
      // Image results also carry the image actions (upscale, vary, zoom, pan …), after the others.
      const buttons = ids.filter((id) => id !== 'act');
      expect(ids.slice(buttons.length).every((id) => id === 'act')).toBe(true);
      expect(ids.length > buttons.length).toBe(family === 'image');
      expect(result.attachments).toHaveLength(1);
      expect(result.attachments[0]!.filename.endsWith(`.${MEDIA[family]}`)).toBe(true);
      // Edit only where there is a prompt to edit (not /blend, /lipsync, a fill sent without one).
      const prompted = command.options.some(
        (option) => option.required && ['prompt', 'text', 'style', 'description'].includes(option.name),
      );
      expect(buttons).toEqual([
        'love',
        ...(prompted ? ['edit'] : []),
        'reroll',
        'delete',
        ...(family === 'image' ? ['vary', 'gif'] : []),
      ]);
    });
  }
});
