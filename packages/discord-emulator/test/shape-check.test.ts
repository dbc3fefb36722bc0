import { checkDiscordResponse, discordSchema } from '@app/emulator-fidelity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SEEDED_USER_IDS,
  startDiscordEmulator,
  type Observed,
  type StartedDiscordEmulator,
} from '../src/index.ts';

type Json = Record<string, unknown>;

// Real REST answers of the emulator, recorded by the same observer hook the test run records with.
const seen: Observed[] = [];
let emulator: StartedDiscordEmulator;
beforeAll(async () => {
  emulator = await startDiscordEmulator({ observe: (o) => seen.push(o) });
  const bot = { authorization: `Bot ${emulator.botToken}`, 'content-type': 'application/json' };
  const post = async (path: string, body: unknown) =>
    (await (
      await fetch(`${emulator.url}/api/v10${path}`, {
        method: 'POST',
        headers: bot,
        body: JSON.stringify(body),
      })
    ).json()) as Json;
  const dm = await post('/users/@me/channels', { recipient_id: SEEDED_USER_IDS.member });
  await post(`/channels/${String(dm.id)}/messages`, {
    content: 'done',
    components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Again', custom_id: 'again' }] }],
  });
});
afterAll(() => emulator.close());

const check = (route: string, body: unknown) => checkDiscordResponse(route, body, discordSchema())?.failures;
const message = () => structuredClone(seen.find((o) => o.route === 'POST channels/messages')!.body) as Json;

describe('the shape check against discord-api-types’ REST result types', () => {
  it('passes the emulator’s answers as they are', () => {
    expect(seen.map((o) => o.route)).toEqual(['POST users/@me/channels', 'POST channels/messages']);
    for (const o of seen) expect(check(o.route, o.body)).toEqual([]);
  });

  it('fails when a required field is removed (a deliberate mutation)', () => {
    const msg = message();
    delete msg.timestamp;
    expect(check('POST channels/messages', msg)).toEqual([
      { path: 'timestamp', message: 'required by APIMessage, missing' },
    ]);
    const dm = structuredClone(seen[0]!.body) as Json;
    delete dm.name;
    expect(check('POST users/@me/channels', dm)).toEqual([
      { path: 'name', message: 'required by APIDMChannel, missing' },
    ]);
  });

  it('fails a field the type does not have and a wrong component', () => {
    const msg = message();
    expect(check('POST channels/messages', { ...msg, colour: 'red' })).toEqual([
      { path: 'colour', message: 'not a field of APIMessage' },
    ]);
    const rows = msg.components as { components: Json[] }[];
    rows[0]!.components[0]!.style = 'big';
    expect(check('POST channels/messages', msg)?.[0]?.path).toMatch(/^components\[0\]/);
  });
});
