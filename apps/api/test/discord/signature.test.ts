import { findUserByDiscordId } from '@app/db';
import { signInteraction } from '@app/discord-emulator';
import { WELCOME_GRANT, priceOf } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAgeBand } from '../../src/modules/users/set-age-band.ts';
import { type Harness, createHarness } from './harness.ts';
import { balanceOf, countJobs, countUsers } from './queries.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const makeInteraction = (userId: string, id = `${BigInt(Date.now() - 1420070400000) << 22n}`) => ({
  id,
  application_id: h.emulator.applicationId,
  type: 2,
  token: `token-${id}`,
  version: 1,
  guild_id: '100000000000000100',
  channel_id: '100000000000000201',
  channel: { id: '100000000000000201', type: 0, name: 'image-2', nsfw: false },
  member: { user: { id: userId, username: 'stranger', global_name: null, discriminator: '0', avatar: null } },
  data: { id: '1', name: 'make', type: 1, options: [{ name: 'prompt', type: 3, value: 'a cat' }] },
});

const post = (body: string, headers: Record<string, string>) =>
  fetch(`${h.base}/api/discord/interactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

const signed = (body: string, offsetSeconds = 0) => {
  const timestamp = String(Math.floor(Date.now() / 1000) + offsetSeconds);
  return {
    'x-signature-ed25519': signInteraction(h.emulator.keys.privateKey, timestamp, body),
    'x-signature-timestamp': timestamp,
  };
};

describe('POST /api/discord/interactions signatures', () => {
  it('answers PING with PONG when signed', async () => {
    const body = JSON.stringify({
      id: '1',
      application_id: h.emulator.applicationId,
      type: 1,
      token: 't',
      version: 1,
    });
    const response = await post(body, signed(body));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ type: 1 });
  });

  it('refuses a missing, a wrong and a replayed-with-changes signature with 401, making no account and no job', async () => {
    const stranger = '123456789012345678';
    const body = JSON.stringify(makeInteraction(stranger));
    const users = await countUsers(h.database);

    expect((await post(body, {})).status).toBe(401);
    const headers = signed(body);
    const tampered = body.replace('a cat', 'a dog');
    const refused = await post(tampered, headers);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      error: { code: 'BAD_SIGNATURE', message: 'Invalid request signature' },
    });
    const wrongTime = {
      ...headers,
      'x-signature-timestamp': String(Number(headers['x-signature-timestamp']) + 1),
    };
    expect((await post(body, wrongTime)).status).toBe(401);
    expect((await post(body, { ...headers, 'x-signature-ed25519': 'zz' })).status).toBe(401);

    expect(await countUsers(h.database)).toBe(users);
    expect(await countJobs(h.database, stranger)).toBe(0);
  });

  it('refuses a genuine request signed more than 5 minutes ago or ahead (a replay) with 401: no job, no charge', async () => {
    const { discordId } = await h.user(100);
    const balance = await balanceOf(h.database, discordId);
    for (const offset of [-301, -3600, 301]) {
      const body = JSON.stringify(makeInteraction(discordId));
      const refused = await post(body, signed(body, offset));
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({
        error: { code: 'STALE_SIGNATURE', message: 'The request signature is too old or too new' },
      });
    }
    const stranger = '323456789012345678';
    const strangers = JSON.stringify(makeInteraction(stranger));
    const users = await countUsers(h.database);
    expect((await post(strangers, signed(strangers, -301))).status).toBe(401);
    expect(await countUsers(h.database)).toBe(users);
    expect(await countJobs(h.database, discordId)).toBe(0);
    expect(await balanceOf(h.database, discordId)).toEqual(balance);

    // Within the tolerance (a clock a minute apart) the same command goes through.
    const body = JSON.stringify(makeInteraction(discordId));
    const accepted = await post(body, signed(body, -60));
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as { data: { content: string } }).data.content).toContain('queued');
    expect(await countJobs(h.database, discordId)).toBe(1);
  });

  it('makes one job and one charge of the same interaction delivered twice, and a new account gets the welcome grant once', async () => {
    const stranger = '223456789012345678';
    const deliverTwice = async (body: string) => {
      const answers = await Promise.all([post(body, signed(body)), post(body, signed(body))]);
      for (const answer of answers) expect(answer.status).toBe(200);
      return Promise.all(answers.map((answer) => answer.json() as Promise<{ data: { content: string } }>));
    };
    // The first interaction makes the account, once; its first /make asks the age band first.
    for (const answer of await deliverTwice(JSON.stringify(makeInteraction(stranger))))
      expect(answer.data.content).toContain('Before your first creation, tell us your age band');
    expect(await countJobs(h.database, stranger)).toBe(0);
    expect(await balanceOf(h.database, stranger)).toEqual({
      credits: WELCOME_GRANT.credits,
      hypercredits: WELCOME_GRANT.hypercredits,
    });
    const account = await findUserByDiscordId(h.database.db, stranger);
    await setAgeBand({ db: h.database.db, user: account!, band: '18+' });

    const body = JSON.stringify(
      makeInteraction(stranger, `${BigInt(Date.now() + 1 - 1420070400000) << 22n}`),
    );
    for (const answer of await deliverTwice(body))
      expect(answer.data.content).toContain('/make: Your request is queued');
    expect(await countJobs(h.database, stranger)).toBe(1);
    const balance = await balanceOf(h.database, stranger);
    expect(balance).toEqual({ credits: WELCOME_GRANT.credits - priceOf('make').credits, hypercredits: 0 });
    const again = await post(body, signed(body));
    expect(again.status).toBe(200);
    expect(await countJobs(h.database, stranger)).toBe(1);
    expect(await balanceOf(h.database, stranger)).toEqual(balance);
  });
});
