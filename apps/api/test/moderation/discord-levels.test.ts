import {
  findUserByDiscordId,
  getJob,
  listModerationItems,
  setUserModeration,
  setUserPreferences,
} from '@app/db';
import { ADULTS_ONLY_TEXT, APPEAL_LABEL, APPEALED_TEXT } from '@app/domain';
import { MessageFlags } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DiscordMessage, type Harness, type Outcome, createHarness } from '../discord/harness.ts';
import { balanceOf, countJobs } from '../discord/queries.ts';
import { EVASIONS, QUOTED_HARMLESS, WAYS } from './fixtures/prompt-corpus.ts';
import { adminSession, sessionCookie } from './helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  const admin = await adminSession(h);
  const added = await h.app.inject({
    method: 'POST',
    url: '/api/admin/blocklist',
    payload: { term: 'zorblax', category: 'other' },
    headers: { cookie: admin.cookie },
  });
  expect(added.statusCode).toBe(201);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

type Component = { custom_id: string; label?: string };
const componentsOf = (outcome: Outcome) =>
  (
    (outcome.response?.data as { components?: { components: Component[] }[] } | undefined)?.components ?? []
  ).flatMap((row) => row.components);
const ephemeralText = (outcome: Outcome) => {
  expect((outcome.response?.data?.flags ?? 0) & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
  return outcome.response?.data?.content ?? '';
};
const resultFor = (discordId: string, prompt: string, channel = 'image-1') =>
  h.waitFor(async () =>
    (await h.messages(channel)).find(
      (m) => m.content.startsWith(`<@${discordId}> your`) && m.content.includes(prompt),
    ),
  );
const jobIdOf = (message: DiscordMessage) =>
  message.components!.flatMap((row) => row.components)[0]!.custom_id.split(':')[1]!;

/** The quoted evasions (Discord's option is one line) and one gore and one minor evasion per way. */
const SAMPLE = [
  ...EVASIONS.filter((evasion) => evasion.way === 'quoted in the issue'),
  ...WAYS.flatMap(([way]) =>
    ['minors-sexual', 'gore'].map((category) =>
      EVASIONS.find((evasion) => evasion.way === way && evasion.category === category)!,
    ),
  ),
];

async function refusedOnDiscord(account: { id: string }, send: (text: string) => Promise<Outcome>) {
  const missed: string[] = [];
  for (const evasion of SAMPLE) {
    await setUserModeration(h.database.db, account.id, { pausedUntil: null });
    const text = ephemeralText(await send(evasion.text));
    if (!text.startsWith('Your prompt was refused'))
      missed.push(`${evasion.way}: ${JSON.stringify(evasion.text)}`);
  }
  return missed;
}

describe('evasions on Discord: /make and the Edit modal', () => {
  it('refuses each privately, nothing charged, and accepts the quoted harmless prompts', async () => {
    const { discordId, account } = await h.user(1000);
    const missed = await refusedOnDiscord(account, (prompt) => h.command(discordId, 'make', { prompt }));
    expect(missed).toEqual([]);
    expect(await countJobs(h.database, discordId)).toBe(0);
    expect(await balanceOf(h.database, discordId)).toEqual({ credits: 1000, hypercredits: 0 });

    for (const prompt of QUOTED_HARMLESS.slice(0, 5)) {
      const outcome = await h.command(discordId, 'make', { prompt });
      expect(outcome.response?.data?.content, prompt).toContain('/make: Your request is queued');
    }
  }, 120_000);

  it('refuses each through the Edit modal of a result', async () => {
    const { discordId, account } = await h.user(1000);
    await h.command(discordId, 'make', { prompt: 'a lighthouse at dusk' });
    const result = await resultFor(discordId, 'a lighthouse at dusk');
    const edit = result
      .components!.flatMap((row) => row.components)
      .find((c) => c.custom_id.startsWith('edit:'))!;
    const jobs = await countJobs(h.database, discordId);
    const missed = await refusedOnDiscord(account, async (prompt) => {
      expect((await h.click(discordId, result.id, edit.custom_id)).response?.type).toBe(9);
      return h.submitModal(discordId, { prompt });
    });
    expect(missed).toEqual([]);
    expect(await countJobs(h.database, discordId)).toBe(jobs);
  }, 120_000);
});

describe('a refusal offers "This was a mistake"', () => {
  it('the button puts the prompt in the moderation queue as an appeal, once', async () => {
    const { discordId, account } = await h.user(1000);
    const refused = await h.command(discordId, 'make', { prompt: 'a (decapitated:1.3) knight' });
    const [button] = componentsOf(refused);
    expect(button).toMatchObject({ label: APPEAL_LABEL });
    expect(button!.custom_id).toMatch(/^appeal:[0-9a-f-]{36}$/);
    const messageId = await h.waitFor(
      async () =>
        (await h.messages()).find(
          (m) => (m.interaction_metadata as { id?: string } | undefined)?.id === refused.interaction!.id,
        )?.id,
    );
    for (let i = 0; i < 2; i++)
      expect(ephemeralText(await h.click(discordId, messageId, button!.custom_id))).toBe(APPEALED_TEXT);
    const appeals = (
      await listModerationItems(h.database.db, { status: 'open', kind: 'appeal', limit: 50 })
    ).filter(({ item }) => item.subjectUserId === account.id);
    expect(appeals).toHaveLength(1);
    expect(appeals[0]!.item).toMatchObject({ prompt: 'a (decapitated:1.3) knight', source: 'discord' });
    expect(appeals[0]!.item.details.refusalId).toBe(button!.custom_id.slice('appeal:'.length));

    // Only its person sees the button (an ephemeral message); nobody else can appeal it either.
    const other = await h.user(0);
    const foreign = await h.app.inject({
      method: 'POST',
      url: `/api/refusals/${appeals[0]!.item.details.refusalId as string}/appeal`,
      payload: {},
      headers: { cookie: await sessionCookie(h, other.account.id) },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('the horror channels need a recorded 18 or older', () => {
  it('13 to 17 is refused privately in #image-horror, charged nothing; an adult’s result is mature', async () => {
    const teen = await h.user(1000);
    await setUserPreferences(h.database.db, teen.account.id, {
      ageBand: '13-17',
      guardianAcceptedAt: new Date(),
    });
    const prompt = 'a knight beheaded in battle, pool of blood';
    const refused = await h.command(teen.discordId, 'make', { prompt }, 'image-horror');
    expect(ephemeralText(refused)).toBe(ADULTS_ONLY_TEXT);
    expect(await countJobs(h.database, teen.discordId)).toBe(0);
    expect(await balanceOf(h.database, teen.discordId)).toEqual({ credits: 1000, hypercredits: 0 });

    const adult = await h.user(1000);
    await h.command(adult.discordId, 'make', { prompt }, 'image-horror');
    const result = await resultFor(adult.discordId, 'a knight beheaded', 'image-horror');
    const jobId = jobIdOf(result);
    await h.waitFor(async () => (await getJob(h.database.db, jobId))?.status === 'succeeded');
    expect((await getJob(h.database.db, jobId))!.contentLevel).toBe('mature');

    // The gallery: never for signed-out visitors or the 13 to 17 person, blurred for an adult by default.
    const gallery = async (cookie?: string) =>
      (await h.app.inject({ url: '/api/jobs?limit=50', headers: cookie ? { cookie } : {} })).json().jobs as {
        id: string;
        mature?: boolean;
        blur?: boolean;
      }[];
    expect((await gallery()).map((job) => job.id)).not.toContain(jobId);
    const teenCookie = await sessionCookie(h, teen.account.id);
    expect((await gallery(teenCookie)).map((job) => job.id)).not.toContain(jobId);
    const viewer = await h.user(0);
    const viewerCookie = await sessionCookie(h, viewer.account.id);
    expect((await gallery(viewerCookie)).find((job) => job.id === jobId)).toMatchObject({
      mature: true,
      blur: true,
    });
    // The creation's page and its share preview: 404 for the signed-out and the teen.
    for (const headers of [{}, { cookie: teenCookie }]) {
      expect((await h.app.inject({ url: `/api/creations/${jobId}`, headers })).statusCode).toBe(404);
    }
    // A re-roll by the teen in an ordinary channel finds nothing to re-roll.
    const reroll = result
      .components!.flatMap((row) => row.components)
      .find((c) => c.custom_id.startsWith('reroll:'))!;
    expect(ephemeralText(await h.click(teen.discordId, result.id, reroll.custom_id))).toMatch(
      /not found|18 or older/i,
    );
    expect(await countJobs(h.database, teen.discordId)).toBe(0);
    expect((await findUserByDiscordId(h.database.db, teen.discordId))!.credits).toBe(1000);
  }, 60_000);
});

describe('the mature display in /settings', () => {
  it('adults choose show, blur or hide from a menu; under 18 there is no menu', async () => {
    const adult = await h.user(0);
    await h.command(adult.discordId, 'settings');
    const answer = await h.waitFor(async () =>
      (await h.messages()).find(
        (m) => m.content.startsWith('**Your defaults**') && m.content.includes('blurred until clicked'),
      ),
    );
    const menu = answer
      .components!.flatMap((row) => row.components)
      .find((c) => c.custom_id === 'settings:mature');
    expect(menu).toBeDefined();
    await h.click(adult.discordId, answer.id, 'settings:mature', ['hide']);
    await h.waitFor(async () =>
      (await h.messages()).find((m) => m.id === answer.id && m.content.includes('in the gallery: hidden')),
    );
    expect((await findUserByDiscordId(h.database.db, adult.discordId))!.matureDisplay).toBe('hide');

    const teen = await h.user(0);
    await setUserPreferences(h.database.db, teen.account.id, {
      ageBand: '13-17',
      guardianAcceptedAt: new Date(),
    });
    await h.command(teen.discordId, 'settings');
    const own = await h.waitFor(async () =>
      (await h.messages()).find(
        (m) =>
          m.content.startsWith('**Your defaults**') &&
          (m.interaction_metadata as { user?: { id?: string } } | undefined)?.user?.id === teen.discordId,
      ),
    );
    expect(own.content).not.toContain('mature');
    expect(own.components!.flatMap((row) => row.components).map((c) => c.custom_id)).not.toContain(
      'settings:mature',
    );
    expect((await findUserByDiscordId(h.database.db, teen.discordId))!.matureDisplay).toBe('blur');
  });
});
