import { createPrivateKey, sign } from 'node:crypto';
import { findDiscordDelivery, findUserByDiscordId, listJobs, markDiscordDeliveryAttempted } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverResult } from '../../src/modules/discord/deliver-result.ts';
import { generateSnowflake } from '../../src/modules/discord/local-discord-id.ts';
import { type DiscordMessage, type Harness, attachment, createHarness, textOf } from './harness.ts';
import { fastProvider, png } from './fixtures.ts';
import { balanceOf, countJobs } from './queries.ts';

const FOREIGN = 'friends-chat';
const MAKE_PRICE = 4;

/** A /make whose prompt asks for a grid answers as the local provider does: four images, then their grid. */
const GRID_PROMPT = 'a glass whale';
const provider = fastProvider(async (request) => {
  if (!request.prompt.includes(GRID_PROMPT)) return undefined;
  const image = async (width: number, height: number, seed: number) => ({
    kind: 'image' as const,
    mime: 'image/png',
    bytes: await png(width, height, seed),
    width,
    height,
  });
  return {
    outputs: [...(await Promise.all([1, 2, 3, 4].map((n) => image(64, 64, n)))), await image(128, 128, 5)],
  };
});

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ provider });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const resultIn = (messages: DiscordMessage[], discordId: string) =>
  messages.filter((m) => m.content.startsWith(`<@${discordId}> your /make is ready`));

/** Someone with credits who added the app to their own account. */
async function installedUser(credits = 100) {
  const user = await h.user(credits);
  await h.control('POST', '/installs', { userId: user.discordId });
  return user;
}

describe('the app installed to a person’s account', () => {
  it('runs /make in a DM with the bot (context 1): charged once, the result arrives there', async () => {
    const { discordId } = await installedUser();
    const { channelId } = await h.control('POST', `/dms/${discordId}`, {});
    const outcome = await h.command(discordId, 'make', { prompt: 'a lantern in the fog' }, channelId);
    expect(outcome.response?.type).toBe(4);
    expect(outcome.response?.data?.content).toContain('/make: Your request is queued');
    const results = await h.waitFor(async () => {
      const found = resultIn(await h.dms(discordId), discordId);
      return found.length ? found : null;
    });
    expect(results).toHaveLength(1);
    expect(results[0]!.attachments.length + (results[0]!.components?.length ?? 0)).toBeGreaterThan(0);
    expect(await countJobs(h.database, discordId)).toBe(1);
    expect(await balanceOf(h.database, discordId)).toEqual({ credits: 100 - MAKE_PRICE, hypercredits: 0 });
  }, 30_000);

  it('runs /make in a server the bot is not in (context 0, user install): a follow-up, charged once', async () => {
    const { discordId } = await installedUser();
    const outcome = await h.command(discordId, 'make', { prompt: 'a paper crane' }, FOREIGN);
    expect(outcome.response?.type).toBe(4);
    // No family channel rules outside the operator's server: any channel will do.
    expect(outcome.response?.data?.content).toContain('/make: Your request is queued');
    const results = await h.waitFor(async () => {
      const found = resultIn(await h.messages(FOREIGN), discordId);
      return found.length ? found : null;
    });
    expect(results).toHaveLength(1);
    // Posted through the interaction (the bot itself cannot post there), pinging the asker.
    expect(results[0]!.interaction_metadata).toBeTruthy();
    expect(results[0]!.mentions?.map((u) => u.id)).toEqual([discordId]);
    expect(await countJobs(h.database, discordId)).toBe(1);
    expect(await balanceOf(h.database, discordId)).toEqual({ credits: 100 - MAKE_PRICE, hypercredits: 0 });
    // The bot's own REST calls there are refused as Discord refuses them.
    const bot = h.app.discordBot!.deps.api();
    await expect(bot.channels.createMessage('100000000000000151', { content: 'x' })).rejects.toMatchObject({
      status: 403,
      code: 50001,
    });
  }, 30_000);

  it('says plainly where the server turned off external apps, and the result is only for the asker', async () => {
    const { discordId, account } = await installedUser();
    await h.control('POST', '/foreign', { externalApps: false });
    try {
      const outcome = await h.command(discordId, 'make', { prompt: 'a quiet harbour' }, FOREIGN);
      expect(outcome.response?.data?.content).toContain('turned off external apps');
      const [job] = await listJobs(h.database.db, { userId: account.id, limit: 1 });
      const delivered = await h.waitFor(async () => {
        const row = await findDiscordDelivery(h.database.db, job!.id);
        return row?.state === 'posted' ? row : null;
      });
      expect(delivered.reach).toBe('app-private');
      // Discord made both the answer and the result ephemeral: only the asker sees them.
      const messages = await h.messages(FOREIGN);
      const queued = messages.find((m) => m.content.includes('turned off external apps'));
      expect((queued?.flags ?? 0) & 64).toBe(64);
      const results = resultIn(messages, discordId);
      expect(results).toHaveLength(1);
      expect((results[0]!.flags ?? 0) & 64).toBe(64);
      expect(await balanceOf(h.database, discordId)).toEqual({ credits: 100 - MAKE_PRICE, hypercredits: 0 });
    } finally {
      await h.control('POST', '/foreign', { externalApps: true });
    }
  }, 30_000);

  it('refuses a server the person has not added the app for, as Discord does: nothing made', async () => {
    const { discordId } = await h.user(100);
    await expect(h.command(discordId, 'make', { prompt: 'x' }, FOREIGN)).rejects.toThrow(
      /403.*not_installed/,
    );
    expect(await countJobs(h.database, discordId)).toBe(0);
  });
});

describe('a result where the bot is not a member, past the token or after a lost follow-up', () => {
  let d: Harness;
  beforeAll(async () => {
    d = await createHarness({ deliver: false });
  }, 60_000);
  afterAll(async () => {
    await d?.close();
  });

  async function finishedJob(prompt: string) {
    const { discordId, account } = await d.user(100);
    await d.control('POST', '/installs', { userId: discordId });
    await d.command(discordId, 'make', { prompt }, FOREIGN);
    const job = await d.waitFor(async () => {
      const [found] = await listJobs(d.database.db, { userId: account.id, limit: 1 });
      return found?.status === 'succeeded' ? found : null;
    });
    return { discordId, job };
  }

  it('goes by DM once the interaction token has expired', async () => {
    const { discordId, job } = await finishedJob('an owl at noon');
    const deps = d.app.discordBot!.deps;
    expect(await deliverResult(deps, job.id, { now: Date.now() + 16 * 60_000 })).toBe(true);
    expect(resultIn(await d.dms(discordId), discordId)).toHaveLength(1);
    expect(resultIn(await d.messages(FOREIGN), discordId)).toHaveLength(0);
    // Posted: nothing posts it again.
    expect(await deliverResult(deps, job.id)).toBe(false);
    expect(resultIn(await d.dms(discordId), discordId)).toHaveLength(1);
  }, 30_000);

  it('a takeover that cannot read the channel posts by DM, never a second follow-up', async () => {
    const { discordId, job } = await finishedJob('a fox in the snow');
    const deps = d.app.discordBot!.deps;
    // An earlier attempt may have reached Discord; the channel cannot be read to find out.
    await markDiscordDeliveryAttempted(d.database.db, job.id);
    expect(await deliverResult(deps, job.id)).toBe(true);
    expect(resultIn(await d.messages(FOREIGN), discordId)).toHaveLength(0);
    expect(resultIn(await d.dms(discordId), discordId)).toHaveLength(1);
  }, 30_000);
});

describe('results as Components V2 cards', () => {
  interface Part {
    type: number;
    custom_id?: string;
    items?: { media: { url: string } }[];
    components?: Part[];
  }
  type Card = Omit<DiscordMessage, 'components'> & { components: Part[] };
  const cardOf = async (discordId: string, channel = 'image-1') =>
    h.waitFor(async () =>
      ((await h.messages(channel)) as unknown as Card[]).find(
        (m) => (m.flags ?? 0) & (1 << 15) && textOf(m).startsWith(`<@${discordId}> your /make is ready`),
      ),
    );

  it('posts the result with flag 1<<15 and a Media Gallery holding the grid’s four images', async () => {
    const { discordId } = await h.user(100, 0, { cards: true });
    await h.command(discordId, 'make', { prompt: GRID_PROMPT });
    const card = await cardOf(discordId);
    expect(card.content).toBe('');
    const container = card.components.find((c) => c.type === 17)!;
    const gallery = container.components!.find((c) => c.type === 12)!;
    expect(gallery.items).toHaveLength(4);
    // Each item is one of the message's attachments, as Discord resolves attachment:// names.
    expect(gallery.items!.map((item) => item.media.url).sort()).toEqual(
      card.attachments.map((file) => file.url).sort(),
    );
    expect(card.attachments.every((file) => file.content_type === 'image/png')).toBe(true);
    expect(textOf(card)).toContain('a glass whale');
    expect(textOf(card)).toMatch(/Cost:\*\* 4 credits/);
    expect(card.mentions?.map((u) => u.id)).toEqual([discordId]);

    // Love changes the count on the card, the gallery kept.
    const love = card.components
      .filter((c) => c.type === 1)
      .flatMap((row) => row.components ?? [])
      .find((button) => button.custom_id?.startsWith('love:'))!;
    await h.click(discordId, card.id, love.custom_id!);
    const loved = await h.waitFor(async () =>
      ((await h.messages()) as unknown as Card[]).find(
        (m) => m.id === card.id && JSON.stringify(m).includes('Love (1)'),
      ),
    );
    expect(loved.components.find((c) => c.type === 17)).toEqual(container);
  }, 30_000);

  it('turns back to a classic message with the /settings button', async () => {
    const { discordId } = await h.user(100, 0, { cards: true });
    const settings = await h.command(discordId, 'settings', {});
    expect(settings.response?.data?.content).toContain('Results here: cards');
    const answer = await h.waitFor(async () =>
      (await h.messages()).find(
        (m) => m.content.startsWith('**Your defaults**') && m.content.includes('cards'),
      ),
    );
    await h.click(discordId, answer.id, 'settings:classic');
    await h.command(discordId, 'make', { prompt: 'a paper moon' });
    const result = await h.waitFor(async () =>
      (await h.messages()).find((m) => m.content.startsWith(`<@${discordId}> your /make is ready`)),
    );
    expect((result.flags ?? 0) & (1 << 15)).toBe(0);
    expect(result.attachments).toHaveLength(1);
  }, 30_000);
});

describe('the bot in the asker’s language', () => {
  const inLocale = (userId: string, command: string, options: Record<string, unknown>, locale?: string) =>
    h.control('POST', '/interactions', { userId, channel: 'image-1', command, options, locale });

  it('answers a German client in German: the queued answer, the result and /info', async () => {
    const { discordId } = await h.user(100);
    const queued = await inLocale(discordId, 'make', { prompt: 'ein Leuchtturm' }, 'de');
    expect(queued.response.data.content).toContain(
      '/make: Dein Auftrag steht in der Warteschlange. Ich pinge dich hier, sobald er fertig ist.',
    );
    expect(queued.response.data.content).toMatch(/Kosten: 4 Credits/);
    const result = await h.waitFor(async () =>
      (await h.messages()).find((m) => m.content.startsWith(`<@${discordId}> dein /make ist fertig`)),
    );
    expect(result.components!.flatMap((row) => row.components.map((c) => c.label))).toContain('Gefällt mir');
    const info = await inLocale(discordId, 'info', {}, 'de');
    const text: string = info.response.data.content;
    expect(text.startsWith('**Dein Konto**')).toBe(true);
    expect(text).toContain('Credits: 96');
    expect(text).toContain('Laufende Aufträge: keine.');
    expect(text).toContain('Standardwerte:');
    // The lane lines too: the mode and what this period spent, none of it left in English.
    expect(text).toContain('Modus: Fast');
    expect(text).toContain('In diesem Zeitraum ausgegeben: fast 4 Credits · turbo 0 Credits');
    expect(text).not.toMatch(/\bMode:|Spent this period/);
  }, 30_000);

  it('answers a language we do not speak in English, and follows a switch of the client’s language', async () => {
    const { discordId } = await h.user(100);
    const korean = await inLocale(discordId, 'info', {}, 'ko');
    expect(korean.response.data.content.startsWith('**Your account**')).toBe(true);
    // The channel page's language switch: the client's locale on every interaction from then on.
    await h.control('POST', `/users/${discordId}/locale`, { locale: 'ja' });
    const japanese = await inLocale(discordId, 'info', {});
    expect(japanese.response.data.content.startsWith('**あなたのアカウント**')).toBe(true);
    await expect(h.control('POST', `/users/${discordId}/locale`, { locale: 'xx' })).rejects.toThrow(/400/);
  }, 30_000);
});

describe('files from a form (File Upload in a modal)', () => {
  it('opens the form for /describe sent without its image, and the form drives it: charged once', async () => {
    const { discordId } = await h.user(100);
    const opened = await h.command(discordId, 'describe', {});
    expect(opened.response?.type).toBe(9);
    const { modals } = await h.control('GET', `/modals/${discordId}`);
    const form = modals[0] as {
      custom_id: string;
      components: { type: number; component: Record<string, unknown> }[];
    };
    expect(form.custom_id).toBe('upload:describe');
    expect(form.components[0]!.type).toBe(18);
    expect(form.components[0]!.component).toMatchObject({
      type: 19,
      custom_id: 'files',
      min_values: 1,
      max_values: 1,
      file_types: expect.arrayContaining(['.png', '.jpg', '.jpeg', '.webp']),
    });
    // Discord's client keeps out a file the filter does not allow.
    await expect(
      h.control('POST', '/modals', {
        userId: discordId,
        values: { files: [attachment('notes.txt', 'text/plain', Buffer.from('hello'))] },
      }),
    ).rejects.toThrow(/wrong_file_type/);
    expect(await balanceOf(h.database, discordId)).toEqual({ credits: 100, hypercredits: 0 });

    const submitted = await h.control('POST', '/modals', {
      userId: discordId,
      values: { files: [attachment('sky.png', 'image/png', await png(32, 32, 9))] },
    });
    expect(submitted.response.type).toBe(5);
    const caption = await h.waitFor(async () =>
      (await h.messages()).find((m) => m.content === 'a blue square' && (m.flags ?? 0) & 64),
    );
    expect(caption).toBeTruthy();
    expect(await countJobs(h.database, discordId)).toBe(1);
    expect(await balanceOf(h.database, discordId)).toEqual({ credits: 99, hypercredits: 0 });
  }, 30_000);

  it('keeps the attachment option working beside it, and offers the typed prompt in /Change’s form', async () => {
    const { discordId } = await h.user(100);
    const direct = await h.command(discordId, 'describe', {
      image: attachment('sun.png', 'image/png', await png(32, 32, 3)),
    });
    expect(direct.response?.type).toBe(5);
    const opened = await h.command(discordId, 'change', { prompt: 'in winter' });
    expect(opened.response?.type).toBe(9);
    const { modals } = await h.control('GET', `/modals/${discordId}`);
    const prompt = (modals[0].components as { component: { custom_id: string; value?: string } }[]).find(
      (row) => row.component.custom_id === 'prompt',
    );
    expect(prompt?.component.value).toBe('in winter');
  }, 30_000);
});

describe('APPLICATION_AUTHORIZED: a person adds the app to their account', () => {
  it('makes their account (or links the one they have) and welcomes them by DM, once', async () => {
    const discordId = generateSnowflake();
    await h.control('POST', '/users', { id: discordId, username: 'newcomer' });
    expect(await findUserByDiscordId(h.database.db, discordId)).toBeUndefined();
    const { event } = await h.control('POST', '/installs', { userId: discordId });
    expect(event.status).toBe(204);
    expect(event.body.event.type).toBe('APPLICATION_AUTHORIZED');
    const account = await findUserByDiscordId(h.database.db, discordId);
    expect(account?.discordName).toBe('newcomer');
    const welcome = (await h.dms(discordId)).filter((m) => m.content.startsWith('Welcome to HyperCreate!'));
    expect(welcome).toHaveLength(1);

    // Someone with an account already: the same account, welcomed.
    const { discordId: known, account: before } = await h.user(10);
    await h.control('POST', '/installs', { userId: known });
    expect((await findUserByDiscordId(h.database.db, known))?.id).toBe(before.id);
    expect((await h.dms(known)).some((m) => m.content.startsWith('Welcome to HyperCreate!'))).toBe(true);
  }, 30_000);

  it('answers a PING with 204 and refuses an unsigned or foreign body', async () => {
    const post = (body: unknown, signed = true) => {
      const text = JSON.stringify(body);
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = signed
        ? sign(null, Buffer.from(timestamp + text), createPrivateKey(h.emulator.keys.privateKey)).toString(
            'hex',
          )
        : '00'.repeat(64);
      return fetch(`${h.base}/api/discord/events`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-signature-ed25519': signature,
          'x-signature-timestamp': timestamp,
        },
        body: text,
      });
    };
    const ping = { version: 1, application_id: h.emulator.applicationId, type: 0 };
    expect((await post(ping)).status).toBe(204);
    expect((await post(ping, false)).status).toBe(401);
    expect((await post({ ...ping, application_id: '123' })).status).toBe(400);
    expect((await post([1, 2])).status).toBe(400);
  });
});
