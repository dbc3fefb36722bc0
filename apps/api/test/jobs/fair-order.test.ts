import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers.ts';
import { createJobsApp, submit, user } from './helpers.ts';

/** No worker runs: the jobs stay queued, and their positions are the order they will run in. */
describe('dispatch order and positions', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createJobsApp();
  });
  afterAll(async () => t?.close());

  const make = async (cookie: string, prompt: string) =>
    (await submit(t, cookie, { command: 'make', options: { prompt } })).json().job.id as string;
  const position = async (cookie: string, id: string) =>
    (await t.app.inject({ url: `/api/jobs/${id}`, headers: { cookie } })).json().job.position as number;

  it("puts a newcomer's job before a flooder's second, and a Founders Image Only member's image before all", async () => {
    const flooder = await user(t, 'flooder', { credits: 100 });
    const newcomer = await user(t, 'newcomer', { credits: 100 });
    const founder = await user(t, 'founder', {
      credits: 100,
      subscriptionStatus: 'Founders Image Only Plan',
    });
    const pro = await user(t, 'pro', { credits: 100, subscriptionStatus: 'Professional Plan' });
    const flood = [];
    for (let n = 0; n < 4; n++) flood.push(await make(flooder.cookie, `flood ${n}`));
    const single = await make(newcomer.cookie, 'just one');
    const paid = await make(pro.cookie, 'paid one');
    const first = await make(founder.cookie, 'founder one');

    expect(await position(founder.cookie, first)).toBe(0);
    expect(await position(pro.cookie, paid)).toBe(1);
    expect(await position(flooder.cookie, flood[0]!)).toBe(2);
    expect(await position(newcomer.cookie, single)).toBe(3);
    for (const [n, id] of flood.slice(1).entries()) expect(await position(flooder.cookie, id)).toBe(4 + n);
  });

  it('lets paid plans hold more of the queue than free accounts', async () => {
    const free = await user(t, 'free-many', { credits: 1000 });
    const pro = await user(t, 'pro-many', { credits: 1000, subscriptionStatus: 'Professional Plan' });
    const statuses = async (cookie: string, count: number) => {
      const codes: number[] = [];
      for (let n = 0; n < count; n++)
        codes.push((await submit(t, cookie, { command: 'make', options: { prompt: `n${n}` } })).statusCode);
      return codes;
    };
    expect((await statuses(free.cookie, 11)).filter((code) => code === 202)).toHaveLength(10);
    expect((await statuses(pro.cookie, 21)).filter((code) => code === 202)).toHaveLength(20);
  });
});
