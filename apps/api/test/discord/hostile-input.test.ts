import { PassThrough } from 'node:stream';
import { signInteraction } from '@app/discord-emulator';
import { MessageFlags } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, createHarness } from './harness.ts';
import { countUsers } from './queries.ts';

const logLines: { level: number; msg: string; [key: string]: unknown }[] = [];
let h: Harness;
beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
  });
  h = await createHarness({ logStream });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

function post(body: string) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return fetch(`${h.base}/api/discord/interactions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-signature-ed25519': signInteraction(h.emulator.keys.privateKey, timestamp, body),
      'x-signature-timestamp': timestamp,
    },
    body,
  });
}

let sequence = 0;
const snowflake = () => `${(BigInt(Date.now() - 1420070400000) << 22n) + BigInt(++sequence)}`;

const click = (userId: string, customId: string, type = 3) => ({
  id: snowflake(),
  application_id: h.emulator.applicationId,
  type,
  token: `token-${sequence}`,
  version: 1,
  channel_id: '100000000000000201',
  channel: { id: '100000000000000201', type: 0 },
  member: { user: { id: userId, username: 'clicker', global_name: null, discriminator: '0', avatar: null } },
  message: { id: '100000000000000777' },
  data: type === 3 ? { custom_id: customId, component_type: 2 } : { custom_id: customId, components: [] },
});

describe('Discord input that is not ours', () => {
  it('a signed body that is not an interaction object answers 400 and touches nothing', async () => {
    const users = await countUsers(h.database);
    const bodies = [
      'null',
      '[]',
      '42',
      '"ping"',
      '{}',
      JSON.stringify({ type: 1 }),
      JSON.stringify({ id: '1', application_id: h.emulator.applicationId, type: '2', token: 't' }),
      JSON.stringify({ ...click('123456789012345678', 'x'), member: { user: { id: 5 } } }),
      JSON.stringify({ ...click('123456789012345678', 'x'), data: null }),
      JSON.stringify({ ...click('123456789012345678', 'x'), message: undefined }),
    ];
    for (const body of bodies) {
      const response = await post(body);
      expect(response.status, body).toBe(400);
      expect(await response.json()).toEqual({
        error: { code: 'BAD_INTERACTION', message: 'The body is not an interaction object' },
      });
    }
    expect(await countUsers(h.database)).toBe(users);
    expect(logLines.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('malformed or foreign custom ids: "That button no longer works", a warning, no error and no SQL', async () => {
    const { discordId } = await h.user(100);
    const ids = [
      'reroll:not-a-uuid',
      'reroll',
      `reroll:${'a'.repeat(100_000)}`,
      'shout:0b9c2f4e-4a57-4a8e-9d4f-3f1a2b3c4d5e',
      "edit:'; drop table jobs; --",
    ];
    const before = logLines.length;
    for (const [index, customId] of ids.entries()) {
      const response = await post(JSON.stringify(click(discordId, customId, index % 2 === 0 ? 3 : 5)));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        type: 4,
        data: {
          content: 'That button no longer works.',
          flags: MessageFlags.Ephemeral,
          allowed_mentions: { parse: [] },
        },
      });
    }
    const lines = logLines.slice(before);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    const warnings = lines.filter((line) => line.level === 40);
    expect(warnings).toHaveLength(ids.length);
    for (const line of warnings) {
      expect(line.msg).toBe('a button or form with a custom id that is not ours');
      expect(JSON.stringify(line)).not.toMatch(/select|insert|from "|where|query/i);
      expect(JSON.stringify(line).length).toBeLessThan(1000);
    }
  });
});
