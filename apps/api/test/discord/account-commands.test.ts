import { randomBytes } from 'node:crypto';
import { createSession, getJob, updateUser, upsertSubscription } from '@app/db';
import { MessageFlags } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, hashSessionId } from '../../src/plugins/session.ts';
import { fastProvider } from './fixtures.ts';
import { type DiscordMessage, type Harness, createHarness } from './harness.ts';

let h: Harness;
let provider: ReturnType<typeof fastProvider>;
let holding = false;
const waiting: (() => void)[] = [];

beforeAll(async () => {
  provider = fastProvider(async () => {
    if (holding) await new Promise<void>((resolve) => waiting.push(resolve));
    return undefined;
  });
  h = await createHarness({ provider });
}, 60_000);
afterAll(async () => {
  holding = false;
  while (waiting.length) waiting.shift()!();
  await h?.close();
});

async function studioCookie(userId: string) {
  const id = randomBytes(32).toString('base64url');
  await createSession(h.database.db, {
    idHash: hashSessionId(id),
    userId,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return `${SESSION_COOKIE}=${id}`;
}

type Select = {
  custom_id: string;
  type: number;
  options?: { value: string; default?: boolean }[];
  disabled?: boolean;
  label?: string;
};
const componentsOf = (message: DiscordMessage) =>
  (message.components ?? []).flatMap((row) => row.components) as unknown as Select[];

describe('/settings', () => {
  it('sets the default aspect to wide from its menu; the next /make on Discord and in the studio is wide', async () => {
    const { discordId, account } = await h.user(100);
    const outcome = await h.command(discordId, 'settings');
    expect(outcome.response?.type).toBe(4);
    expect(outcome.response?.data?.flags).toBe(MessageFlags.Ephemeral);
    const answer = await h.waitFor(async () =>
      (await h.messages()).find(
        (m) => m.content.startsWith('**Your defaults**') && (m.flags ?? 0) & MessageFlags.Ephemeral,
      ),
    );
    expect(answer.content).toContain('Aspect: Square (1:1)');
    const aspect = componentsOf(answer).find((c) => c.custom_id === 'settings:aspect')!;
    expect(aspect.type).toBe(3);
    expect(aspect.options!.map((o) => o.value)).toEqual(['square', '-wide', '-tall', '-34', '-43']);
    // Free plan: the privacy button is there but cannot be pressed.
    expect(componentsOf(answer).find((c) => c.custom_id === 'settings:private')!.disabled).toBe(true);

    const chosen = await h.click(discordId, answer.id, 'settings:aspect', ['-wide']);
    expect(chosen.response?.type).toBe(7);
    const updated = await h.waitFor(async () =>
      (await h.messages()).find((m) => m.id === answer.id && m.content.includes('Aspect: Wide (16:9)')),
    );
    expect(
      componentsOf(updated)
        .find((c) => c.custom_id === 'settings:aspect')!
        .options!.find((o) => o.default)!.value,
    ).toBe('-wide');

    // The next /make on Discord gets -wide; the worker sizes it 16:9.
    await h.command(discordId, 'make', { prompt: 'a lighthouse' });
    const result = await h.waitFor(async () =>
      (await h.messages()).find((m) => m.content.startsWith(`<@${discordId}> your /make is ready`)),
    );
    expect(result.content).toContain('a lighthouse -wide');
    const discordRequest = provider.calls.find((call) => call.prompt === 'a lighthouse');
    expect(discordRequest!.width / discordRequest!.height).toBeCloseTo(16 / 9, 1);

    // The studio shows the same settings and its next /make is wide too.
    const cookie = await studioCookie(account.id);
    const read = await h.app.inject({ method: 'GET', url: '/api/users/me/settings', headers: { cookie } });
    expect(read.json().settings).toEqual({
      defaultAspect: '-wide',
      defaultLoraWeight: null,
      privateByDefault: false,
      privateAllowed: false,
      matureDisplay: 'blur',
      matureAllowed: true,
      remix: false,
      lane: 'fast',
      relaxWhenOut: false,
      lanes: ['fast'],
    });
    const submitted = await h.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: { cookie },
      payload: { command: 'make', options: { prompt: 'a harbour' } },
    });
    expect(submitted.statusCode).toBe(202);
    expect(submitted.json().job.options.prompt).toBe('a harbour -wide');
    await h.waitFor(
      async () => (await getJob(h.database.db, submitted.json().job.id))?.status === 'succeeded',
    );
    const studioRequest = provider.calls.find((call) => call.prompt === 'a harbour');
    expect(studioRequest!.width / studioRequest!.height).toBeCloseTo(16 / 9, 1);

    // A prompt that names its own aspect keeps it.
    const tall = await h.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: { cookie },
      payload: { command: 'make', options: { prompt: 'a tower -tall' } },
    });
    expect(tall.json().job.options.prompt).toBe('a tower -tall');
  }, 60_000);

  it('changes in the studio show on Discord; privacy needs a paid plan and then makes new creations private', async () => {
    const { discordId, account } = await h.user(100);
    const cookie = await studioCookie(account.id);
    const refused = await h.app.inject({
      method: 'PATCH',
      url: '/api/users/me/settings',
      headers: { cookie },
      payload: { privateByDefault: true },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('PRIVATE_NEEDS_PLAN');
    const bad = await h.app.inject({
      method: 'PATCH',
      url: '/api/users/me/settings',
      headers: { cookie },
      payload: { defaultLoraWeight: 3 },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await h.app.inject({ method: 'GET', url: '/api/users/me/settings', headers: { cookie } })).json()
        .settings,
    ).toMatchObject({ defaultLoraWeight: null, privateByDefault: false });
    expect(
      (await h.app.inject({ method: 'PATCH', url: '/api/users/me/settings', payload: {} })).statusCode,
    ).toBe(401);

    await updateUser(h.database.db, account.id, { subscriptionStatus: 'Professional Plan' });
    const saved = await h.app.inject({
      method: 'PATCH',
      url: '/api/users/me/settings',
      headers: { cookie },
      payload: { privateByDefault: true, defaultLoraWeight: 0.5 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toMatchObject({
      privateByDefault: true,
      defaultLoraWeight: 0.5,
      privateAllowed: true,
    });

    await h.command(discordId, 'settings');
    const answer = await h.waitFor(async () =>
      (await h.messages()).find(
        (m) => m.content.startsWith('**Your defaults**') && m.content.includes('LoRA weight: 0.5'),
      ),
    );
    expect(answer.content).toContain('New creations: private');
    const job = await h.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: { cookie },
      payload: { command: 'make', options: { prompt: 'a secret garden' } },
    });
    expect(job.json().job.public).toBe(false);
    // The button turns it off again, from Discord.
    await h.click(discordId, answer.id, 'settings:private');
    await h.waitFor(async () =>
      (await h.messages()).find((m) => m.id === answer.id && m.content.includes('New creations: public')),
    );
    const open = await h.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: { cookie },
      payload: { command: 'make', options: { prompt: 'an open garden' } },
    });
    expect(open.json().job.public).toBe(true);
  }, 60_000);
});

describe('/info', () => {
  it('shows the plan with its renewal date, both balances and each queued job with its position', async () => {
    const { discordId, account } = await h.user(20_000, 0);
    await updateUser(h.database.db, account.id, { subscriptionStatus: 'Professional Plan' });
    await upsertSubscription(h.database.db, {
      id: `sub_info_${account.id.slice(0, 8)}`,
      userId: account.id,
      tier: 'Professional Plan',
      status: 'active',
      currentPeriodEnd: new Date(Date.UTC(2027, 2, 5)),
      cancelAtPeriodEnd: false,
      downgradeTo: null,
      gifted: false,
    });
    holding = true;
    // Someone else's job holds the only slot; the member's two wait behind it.
    const other = await h.user(100);
    await h.command(other.discordId, 'make', { prompt: 'in the way' });
    await h.waitFor(async () => waiting.length === 1);
    await h.command(discordId, 'make', { prompt: 'first fox' });
    await h.command(discordId, 'make', { prompt: 'second fox' });

    const outcome = await h.command(discordId, 'info');
    expect(outcome.response?.data?.flags).toBe(MessageFlags.Ephemeral);
    const content = outcome.response!.data!.content!;
    expect(content).toContain('Plan: Professional Plan · renews on March 5, 2027');
    expect(content).toContain('Each month it grants 2500 credits and 50 hypercredits.');
    // SPEC's display rules: above 14999 credits read Unlimited; hypercredits never below 0.
    expect(content).toContain('Credits: Unlimited · Hypercredits: 0');
    expect(content).toContain('• /make “first fox”: next in line');
    // The second is the member's second round: behind the first, two places from the front.
    expect(content).toMatch(/• \/make “second fox”: position 2 in the queue/);
    expect(content).toContain('Defaults: Square (1:1)');
    holding = false;
    while (waiting.length) waiting.shift()!();
  }, 60_000);
});
