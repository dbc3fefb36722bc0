import { randomBytes } from 'node:crypto';
import { createUser, findUserByDiscordId, findUserById, getJob, grant } from '@app/db';
import { AGE_GUARDIAN_TEXT, AGE_NEEDED_STUDIO, AGE_NEEDED_TEXT, UNDER_13_TEXT } from '@app/domain';
import { MessageFlags } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSnowflake } from '../../src/modules/discord/local-discord-id.ts';
import { type DiscordMessage, type Harness, type Outcome, createHarness } from '../discord/harness.ts';
import { balanceOf, countJobs } from '../discord/queries.ts';
import { emulatorCall, sessionCookie } from './helpers.ts';

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const STUDIO_REFUSAL =
  'Before your first creation, tell us your age band in the studio (it asks on your first visit). Nothing was charged.';
const DISCORD_QUESTION = `${AGE_NEEDED_TEXT('with a button below')}\n${AGE_GUARDIAN_TEXT}`;

/** Someone who has not answered the age question yet, with credits to spend. */
async function unanswered(credits = 1000) {
  const discordId = generateSnowflake();
  const account = await createUser(h.database.db, {
    discordId,
    discordName: `ageless-${randomBytes(3).toString('hex')}`,
    ageBand: null,
  });
  await grant(h.database.db, {
    userId: account.id,
    currency: 'credits',
    amount: credits,
    reason: 'test',
    idempotencyKey: `test:${account.id}`,
  });
  await emulatorCall(h, 'POST', '/users', { id: discordId, username: account.discordName });
  return { discordId, account, cookie: await sessionCookie(h, account.id) };
}

const post = (cookie: string, url: string, payload: Record<string, unknown>) =>
  h.app.inject({ method: 'POST', url, payload, headers: { cookie } });

describe('the age band before the first creation, in the studio', () => {
  it('refuses a job, a re-roll and LoRA training with a 403 saying where to answer, nothing charged; 13 to 17 needs the guardian', async () => {
    expect(AGE_NEEDED_TEXT(AGE_NEEDED_STUDIO)).toBe(STUDIO_REFUSAL);
    const adult = await h.user(1000);
    const original = await post(await sessionCookie(h, adult.account.id), '/api/jobs', {
      command: 'make',
      options: { prompt: 'a quiet harbour' },
    });
    expect(original.statusCode, original.body).toBe(202);
    // Someone else's creation can be re-rolled once it is finished (until then only its owner sees it).
    await h.waitFor(
      async () => (await getJob(h.database.db, original.json().job.id))?.status === 'succeeded',
    );

    const person = await unanswered();
    const refused = [
      await post(person.cookie, '/api/jobs', { command: 'make', options: { prompt: 'a red kite' } }),
      await post(person.cookie, `/api/jobs/${original.json().job.id}/actions`, { action: 'reroll' }),
      await post(person.cookie, '/api/jobs', { command: 'loracreatefromzip', options: { name: 'inkface' } }),
    ];
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().error).toMatchObject({ code: 'AGE_NEEDED', message: STUDIO_REFUSAL });
    }
    expect(await balanceOf(h.database, person.discordId)).toEqual({ credits: 1000, hypercredits: 0 });
    expect(await countJobs(h.database, person.discordId)).toBe(0);

    const age = (body: Record<string, unknown>) =>
      h.app.inject({
        method: 'PUT',
        url: `/api/users/${person.account.id}/age`,
        payload: body,
        headers: { cookie: person.cookie },
      });
    const withoutGuardian = await age({ band: '13-17' });
    expect(withoutGuardian.statusCode).toBe(400);
    expect((await findUserById(h.database.db, person.account.id))!.ageBand).toBeNull();
    const answered = await age({ band: '13-17', guardianAccepted: true });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ ageBand: '13-17' });
    expect((await findUserById(h.database.db, person.account.id))!.guardianAcceptedAt).not.toBeNull();

    const made = await post(person.cookie, '/api/jobs', {
      command: 'make',
      options: { prompt: 'a red kite' },
    });
    expect(made.statusCode, made.body).toBe(202);
    expect((await balanceOf(h.database, person.discordId))!.credits).toBeLessThan(1000);
  });

  it('under 13: the answer ends the session and the service', async () => {
    const person = await unanswered();
    const answer = await h.app.inject({
      method: 'PUT',
      url: `/api/users/${person.account.id}/age`,
      payload: { band: 'under-13' },
      headers: { cookie: person.cookie },
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error.message).toBe(UNDER_13_TEXT);
    const after = await post(person.cookie, '/api/jobs', {
      command: 'make',
      options: { prompt: 'a red kite' },
    });
    expect(after.statusCode).toBe(401);
    expect(await countJobs(h.database, person.discordId)).toBe(0);
  });
});

type Button = { custom_id: string; label: string; style: number };
const buttonsOf = (message: DiscordMessage) =>
  (message.components ?? []).flatMap((row) => row.components) as unknown as Button[];

/** The ephemeral answer the person got, as the channel shows it to them. */
function ephemeralContent(outcome: Outcome): string {
  expect((outcome.response?.data?.flags ?? 0) & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
  return outcome.response?.data?.content ?? '';
}

async function ageQuestionFor(discordId: string, interactionId: string) {
  return h.waitFor(async () =>
    (await h.messages()).find(
      (m) =>
        (m.interaction_metadata as { id?: string } | undefined)?.id === interactionId &&
        m.content === DISCORD_QUESTION,
    ),
  );
}

describe('the age band before the first creation, on Discord', () => {
  it('asks a newcomer’s /make and re-roll with buttons, nothing charged; 18 or older is stored and the command goes through', async () => {
    const person = await unanswered();
    const asked = await h.command(person.discordId, 'make', { prompt: 'a red kite' });
    expect(ephemeralContent(asked)).toBe(DISCORD_QUESTION);
    const question = await ageQuestionFor(person.discordId, asked.interaction!.id);
    expect((question.flags ?? 0) & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
    expect(buttonsOf(question).map(({ custom_id, label }) => [custom_id, label])).toEqual([
      ['age:13-17', '13 to 17 — my parent or guardian accepts'],
      ['age:18+', '18 or older'],
      ['age:under-13', 'Under 13'],
    ]);

    // A re-roll of someone else's result asks the same, before anything is held.
    const adult = await h.user(1000);
    await h.command(adult.discordId, 'make', { prompt: 'a lighthouse in fog' });
    const result = await h.waitFor(async () =>
      (await h.messages()).find(
        (m) =>
          m.content.startsWith(`<@${adult.discordId}> your`) && m.content.includes('a lighthouse in fog'),
      ),
    );
    const reroll = buttonsOf(result).find((button) => button.custom_id.startsWith('reroll:'))!;
    expect(ephemeralContent(await h.click(person.discordId, result.id, reroll.custom_id))).toBe(
      DISCORD_QUESTION,
    );
    expect(await balanceOf(h.database, person.discordId)).toEqual({ credits: 1000, hypercredits: 0 });
    expect(await countJobs(h.database, person.discordId)).toBe(0);

    const answered = await h.click(person.discordId, question.id, 'age:18+');
    expect(answered.response?.type).toBe(7);
    const thanked = await h.waitFor(async () =>
      (await h.messages()).find(
        (m) =>
          m.id === question.id &&
          m.content === 'Thank you: 18 or older is recorded. Send your command again.',
      ),
    );
    expect(buttonsOf(thanked)).toEqual([]);
    const stored = (await findUserByDiscordId(h.database.db, person.discordId))!;
    expect(stored).toMatchObject({ ageBand: '18+', guardianAcceptedAt: null });

    const made = await h.command(person.discordId, 'make', { prompt: 'a red kite' });
    expect(made.response?.data?.content).toContain('queued');
    expect(await countJobs(h.database, person.discordId)).toBe(1);
  }, 60_000);

  it('13 to 17 is stored with the guardian’s acceptance the button names; under 13 ends the use of the bot', async () => {
    const teen = await unanswered();
    const asked = await h.command(teen.discordId, 'make', { prompt: 'a paper boat' });
    const question = await ageQuestionFor(teen.discordId, asked.interaction!.id);
    await h.click(teen.discordId, question.id, 'age:13-17');
    await h.waitFor(async () =>
      (await h.messages()).find(
        (m) =>
          m.id === question.id && m.content === 'Thank you: 13 to 17 is recorded. Send your command again.',
      ),
    );
    const stored = (await findUserByDiscordId(h.database.db, teen.discordId))!;
    expect(stored.ageBand).toBe('13-17');
    expect(stored.guardianAcceptedAt).not.toBeNull();

    const child = await unanswered();
    const childAsked = await h.command(child.discordId, 'make', { prompt: 'a paper boat' });
    const childQuestion = await ageQuestionFor(child.discordId, childAsked.interaction!.id);
    await h.click(child.discordId, childQuestion.id, 'age:under-13');
    const refused = await h.waitFor(async () =>
      (await h.messages()).find((m) => m.id === childQuestion.id && m.content === UNDER_13_TEXT),
    );
    expect(buttonsOf(refused)).toEqual([]);
    expect((await findUserByDiscordId(h.database.db, child.discordId))!.ageBand).toBe('under-13');
    // Whatever they ask next, the bot answers the same, and nothing is made.
    for (const [command, options] of [
      ['make', { prompt: 'a paper boat' }],
      ['help', {}],
    ] as const)
      expect(ephemeralContent(await h.command(child.discordId, command, options))).toBe(UNDER_13_TEXT);
    expect(await countJobs(h.database, child.discordId)).toBe(0);
    expect(await balanceOf(h.database, child.discordId)).toEqual({ credits: 1000, hypercredits: 0 });
  }, 60_000);
});
