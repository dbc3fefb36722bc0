import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRow } from '../subscriptions/helpers.ts';
import { createPaymentTestApp, type PaymentTestContext } from './helpers.ts';
import { api, member, saveCard, settings, spendAndTopUp, topUpIntents } from './top-up-helpers.ts';

/*
 * The spend caps: a monthly cap on money spent stops auto top-up, a daily cap on credits spent
 * refuses new jobs, and the alerts at 80% and 100% go out by Discord DM and show on the dashboard,
 * once each per period.
 */
let t: PaymentTestContext;
beforeAll(async () => {
  t = await createPaymentTestApp({ discord: true });
});
afterAll(() => t.close());

const notices = async (cookie: string, userId: string) =>
  (await api(t, cookie)('GET', `/api/users/${userId}/account-state`)).json<{
    notices: { kind: string; text: string }[];
  }>().notices;

describe('the monthly cap on money spent', () => {
  it('a $10 cap stops the top-up that would pass it; the 80% and 100% alerts go once each', async () => {
    const { cookie, userId, discordId } = await member(t, 'monthly', 150);
    expect((await saveCard(t, cookie, '4242424242424242')).statusCode).toBe(200);
    const on = await api(t, cookie)('PUT', '/api/payment/auto-top-up', settings({ monthlyCapCents: 1000 }));
    expect(on.statusCode, on.body).toBe(200);
    const capDms = async (words: string) =>
      (await t.discord!.dms(discordId)).filter((m) => m.content.includes(words));

    // $4.99: half the cap, no alert.
    expect(await spendAndTopUp(t, userId, 100)).toBe('bought');
    expect(await capDms('monthly spending cap')).toHaveLength(0);
    // $9.98: past 80%.
    let credits = (await userRow(t, userId)).credits;
    expect(await spendAndTopUp(t, userId, credits - 50)).toBe('bought');
    expect(await capDms('(80% or more)')).toHaveLength(1);
    expect((await notices(cookie, userId)).find((n) => n.kind === 'monthlyCap')?.text).toContain('$9.98');
    // A third $4.99 would make $14.97: stopped, nothing charged, the 100% alert.
    credits = (await userRow(t, userId)).credits;
    expect(await spendAndTopUp(t, userId, credits - 50)).toBe('capped');
    expect(await topUpIntents(t, userId)).toHaveLength(2);
    expect((await userRow(t, userId)).credits).toBe(50);
    expect(await capDms('You have reached your monthly spending cap of $10.00')).toHaveLength(1);
    const banner = (await notices(cookie, userId)).find((n) => n.kind === 'monthlyCap');
    expect(banner?.text).toContain('auto top-up is paused until');
    // More spending this month: still stopped, and no alert twice.
    expect(await spendAndTopUp(t, userId, 10)).toBe('capped');
    expect(await capDms('monthly spending cap')).toHaveLength(2);
    expect(await topUpIntents(t, userId)).toHaveLength(2);
    const state = (await api(t, cookie)('GET', '/api/payment/auto-top-up')).json();
    expect(state).toMatchObject({ spentThisMonthCents: 998, enabled: true });
  });
});

describe('the daily cap on credits spent', () => {
  it('refuses the job that would pass it, in plain words; alerts at 80% and 100% once each', async () => {
    const { cookie, userId, discordId } = await member(t, 'daily', 1000);
    const set = await api(t, cookie)(
      'PUT',
      '/api/payment/auto-top-up',
      settings({ enabled: false, dailyCreditCap: 20 }),
    );
    expect(set.statusCode, set.body).toBe(200);
    const capDms = async (words: string) =>
      (await t.discord!.dms(discordId)).filter((m) => m.content.includes(words));
    await spendAndTopUp(t, userId, 10);
    expect(await capDms('daily cap')).toHaveLength(0);
    await spendAndTopUp(t, userId, 6);
    expect(await capDms('(80% or more)')).toHaveLength(1);
    await spendAndTopUp(t, userId, 4);
    expect(await capDms('You have used your daily cap of 20 credits')).toHaveLength(1);

    const job = await api(t, cookie)('POST', '/api/jobs', {
      command: 'make',
      options: { prompt: 'a blue kite' },
    });
    expect(job.statusCode).toBe(403);
    expect(job.json().error.code).toBe('DAILY_CAP_REACHED');
    expect(job.json().error.message).toContain('of your daily cap of 20 credits');
    expect((await userRow(t, userId)).credits).toBeLessThan(1000);
    expect((await notices(cookie, userId)).find((n) => n.kind === 'dailyCap')?.text).toContain('20 credits');
    expect(await capDms('daily cap')).toHaveLength(2);
  });
});
