import {
  findJobIdByDiscordMessage,
  findUserByDiscordId,
  getJob,
  listModerationItems,
  updateUser,
} from '@app/db';
import { REMOVED_MESSAGE, REPORT_COMMAND_NAME } from '@app/domain';
import { MessageFlags } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DiscordMessage, type Harness, createHarness } from '../discord/harness.ts';
import { balanceOf, countJobs } from '../discord/queries.ts';
import { adminSession, emulatorCall, moderate, sessionCookie, undo } from './helpers.ts';

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const ephemeralText = (outcome: { response?: { data?: { content?: string; flags?: number } } }) => {
  expect((outcome.response?.data?.flags ?? 0) & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
  return outcome.response?.data?.content ?? '';
};
/**
 * A result as Discord shows it, once the bot has recorded where it posted it: the message appears
 * in the channel a moment before the bot learns its id, and a report or a hide needs that id.
 */
const resultFor = (discordId: string, prompt: string, channel = 'image-1') =>
  h.waitFor(async () => {
    const message = (await h.messages(channel)).find(
      (m) => m.content.startsWith(`<@${discordId}> your`) && m.content.includes(prompt),
    );
    return message && (await findJobIdByDiscordMessage(h.database.db, message.id)) ? message : undefined;
  });
const jobIdOf = (message: DiscordMessage) =>
  message.components!.flatMap((row) => row.components)[0]!.custom_id.split(':')[1]!;

describe('prompt moderation on Discord', () => {
  it('refuses a minor term with a sexual term, however spelled, ephemeral, naming the category, nothing charged', async () => {
    const { discordId } = await h.user(1000);
    const answers: string[] = [];
    for (const prompt of ['a nude child', 'n a k e d  k i d s', 'ɴᴜᴅᴇ ᴄʜɪʟᴅ']) {
      const text = ephemeralText(await h.command(discordId, 'make', { prompt }));
      expect(text, prompt).toContain(
        'Your prompt was refused: sexual content involving minors. Nothing was charged.',
      );
      answers.push(text);
    }
    // The third refusal in a row pauses generation, and says so.
    expect(answers[2]).toMatch(/your generation is paused for 1 minute, until \d\d:\d\d UTC/);
    expect(ephemeralText(await h.command(discordId, 'make', { prompt: 'a red kite' }))).toMatch(
      /^Your generation is paused until \d\d:\d\d UTC\. Nothing was charged\.$/,
    );
    const other = await h.user(1000);
    expect(ephemeralText(await h.command(other.discordId, 'make', { prompt: 'N4K3D K1D' }))).toContain(
      'sexual content involving minors',
    );
    for (const id of [discordId, other.discordId]) {
      expect(await balanceOf(h.database, id)).toEqual({ credits: 1000, hypercredits: 0 });
      expect(await countJobs(h.database, id)).toBe(0);
    }
  });

  it('refuses gore in #image-1 and accepts it in the age-restricted horror channel', async () => {
    const { discordId } = await h.user(1000);
    const refused = ephemeralText(await h.command(discordId, 'make', { prompt: 'a decapitated zombie' }));
    expect(refused).toContain('Your prompt was refused: gore and horror');
    expect(await countJobs(h.database, discordId)).toBe(0);
    const accepted = await h.command(discordId, 'make', { prompt: 'a decapitated zombie' }, 'image-horror');
    expect(accepted.response?.data?.content).toContain('/make: Your request is queued');
    await resultFor(discordId, 'a decapitated zombie', 'image-horror');
  });
});

describe('reports, hiding and private creations on Discord', () => {
  it('a report from the context menu lands in the queue; hiding edits the message, undo restores it', async () => {
    const creator = await h.user(1000);
    const reporter = await h.user(1000);
    await h.command(creator.discordId, 'make', { prompt: 'a harbour at noon' });
    const result = await resultFor(creator.discordId, 'a harbour at noon');
    const jobId = jobIdOf(result);

    const opened = await emulatorCall(h, 'POST', '/message-commands', {
      userId: reporter.discordId,
      messageId: result.id,
      command: REPORT_COMMAND_NAME,
    });
    expect(opened.response?.type).toBe(9);
    const thanks = await h.submitModal(reporter.discordId, { reason: 'it copies my artwork' });
    expect(ephemeralText(thanks)).toContain('the moderators will look at it');

    const items = await listModerationItems(h.database.db, { status: 'open', kind: 'report', limit: 10 });
    const report = items.find((item) => item.item.jobId === jobId)!;
    expect(report.item.source).toBe('discord');
    expect(report.item.details).toEqual({ note: 'it copies my artwork' });

    const admin = await adminSession(h);
    const hidden = await moderate(h, admin, {
      action: 'hide',
      jobId,
      reason: 'copied artwork',
      itemId: report.item.id,
    });
    expect(hidden.statusCode).toBe(200);
    const removed = await h.waitFor(async () => {
      const message = (await h.messages()).find((m) => m.id === result.id);
      return message?.content === REMOVED_MESSAGE ? message : null;
    });
    expect(removed.attachments).toHaveLength(0);
    expect(removed.components ?? []).toHaveLength(0);
    const told = await h.waitFor(async () =>
      (await h.dms(creator.discordId)).find((m) => m.content.includes('removed your /make creation')),
    );
    // The creator is told what and why, never who reported it.
    expect(told.content).not.toContain(reporter.account.discordName);

    expect((await undo(h, admin, hidden.json().action.id)).statusCode).toBe(200);
    const restored = await h.waitFor(async () => {
      const message = (await h.messages()).find((m) => m.id === result.id);
      return message?.content.includes('a harbour at noon') && message.attachments.length ? message : null;
    });
    expect(restored.components!.length).toBeGreaterThan(0);
  });

  it('only our results can be reported through the context menu', async () => {
    const creator = await h.user(1000);
    const reporter = await h.user(0);
    await h.command(creator.discordId, 'make', { prompt: 'a lantern in fog' });
    await resultFor(creator.discordId, 'a lantern in fog');
    // The queued answer is the bot's message too, but no creation.
    const queued = (await h.messages()).find(
      (m) => m.content.includes('Your request is queued') && (m.flags ?? 0) === 0,
    )!;
    const outcome = await emulatorCall(h, 'POST', '/message-commands', {
      userId: reporter.discordId,
      messageId: queued.id,
      command: REPORT_COMMAND_NAME,
    });
    expect(ephemeralText(outcome)).toContain('Only my creations can be reported');
  });

  it('with the private default on, a new /make is absent from the gallery, 404s for others and cannot be varied by them', async () => {
    const creator = await h.user(1000);
    const other = await h.user(1000);
    // Private by default comes with a paid plan (the free plan's creations are public).
    await updateUser(h.app.ctx.database.db, creator.account.id, { subscriptionStatus: 'Professional Plan' });
    const cookie = await sessionCookie(h, creator.account.id);
    const set = await h.app.inject({
      method: 'PATCH',
      url: '/api/users/me/settings',
      payload: { privateByDefault: true },
      headers: { cookie },
    });
    expect(set.json().settings).toMatchObject({ privateByDefault: true });
    await h.command(creator.discordId, 'make', { prompt: 'a quiet private garden' });
    const result = await resultFor(creator.discordId, 'a quiet private garden');
    const jobId = jobIdOf(result);
    expect((await getJob(h.database.db, jobId))!.public).toBe(false);

    const gallery = await h.app.inject({ method: 'GET', url: '/api/jobs?limit=50' });
    expect(gallery.json().jobs.map((job: { id: string }) => job.id)).not.toContain(jobId);
    const otherCookie = await sessionCookie(h, other.account.id);
    expect(
      (
        await h.app.inject({
          method: 'GET',
          url: `/api/creations/${jobId}`,
          headers: { cookie: otherCookie },
        })
      ).statusCode,
    ).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: `/api/creations/${jobId}` })).statusCode).toBe(404);
    expect(
      (await h.app.inject({ method: 'GET', url: `/api/creations/${jobId}`, headers: { cookie } })).statusCode,
    ).toBe(200);

    const vary = result
      .components!.flatMap((row) => row.components)
      .find((c) => c.custom_id.startsWith('vary:'))!;
    const jobsBefore = await countJobs(h.database, other.discordId);
    const refused = await h.click(other.discordId, result.id, vary.custom_id);
    expect(ephemeralText(refused)).toMatch(/not found/i);
    expect(await countJobs(h.database, other.discordId)).toBe(jobsBefore);
    expect(await balanceOf(h.database, other.discordId)).toEqual({ credits: 1000, hypercredits: 0 });
  });

  it('the bot refuses a banned person anything', async () => {
    const person = await h.user(1000);
    const admin = await adminSession(h);
    expect(
      (await moderate(h, admin, { action: 'ban', userId: person.account.id, reason: 'spam' })).statusCode,
    ).toBe(200);
    const text = ephemeralText(await h.command(person.discordId, 'make', { prompt: 'a cat' }));
    expect(text).toContain('This account is banned');
    expect(ephemeralText(await h.command(person.discordId, 'help'))).toContain('This account is banned');
    expect(await countJobs(h.database, person.discordId)).toBe(0);
    expect((await findUserByDiscordId(h.database.db, person.discordId))!.bannedAt).not.toBeNull();
  });
});
