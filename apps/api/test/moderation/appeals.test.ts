import { findUserById } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers.ts';
import { createJobsApp, submit, user } from '../jobs/helpers.ts';
import { adminSession, queue } from './helpers.ts';

let t: TestContext;
let admin: { id: string; cookie: string };
beforeAll(async () => {
  t = await createJobsApp();
  admin = await adminSession(t);
});
afterAll(async () => t.close());

const refuse = async (cookie: string, prompt: string) => {
  const response = await submit(t, cookie, { command: 'make', options: { prompt } });
  expect(response.statusCode, response.body).toBe(422);
  return response.json().error as { refusalId: string; pausedUntil?: string; message: string };
};
const appeal = (cookie: string, refusalId: string, note?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/refusals/${refusalId}/appeal`,
    payload: note ? { note } : {},
    headers: { cookie },
  });
const decide = (appealId: string, upheld: boolean, cookie = admin.cookie) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/moderation/appeals/${appealId}`,
    payload: { upheld },
    headers: { cookie },
  });

describe('appeals: "this was a mistake"', () => {
  it('puts the refused prompt in the queue; upheld, the refusal no longer counts toward a pause', async () => {
    const me = await user(t, 'wronged', { credits: 20 });
    const first = await refuse(me.cookie, 'a (decapitated:1.3) knight');
    await refuse(me.cookie, 'a superdecapitated knight');

    const appealed = await appeal(me.cookie, first.refusalId, 'it is a chess piece');
    expect(appealed.statusCode, appealed.body).toBe(200);
    const { itemId } = appealed.json();
    // Asking again answers the same appeal.
    expect((await appeal(me.cookie, first.refusalId)).json().itemId).toBe(itemId);
    const item = (await queue(t, admin, '?kind=appeal')).find((entry) => entry.id === itemId)!;
    expect(item).toMatchObject({
      kind: 'appeal',
      prompt: 'a (decapitated:1.3) knight',
      reason: 'it is a chess piece',
      person: { id: me.id },
    });
    expect((item as unknown as { appeal: unknown }).appeal).toEqual({
      refusalId: first.refusalId,
      upheld: false,
    });

    expect((await decide(itemId, true, me.cookie)).statusCode).toBe(403);
    expect((await decide(itemId, true)).json()).toEqual({ status: 'resolved' });
    expect((await decide(itemId, false)).statusCode).toBe(409);
    const resolved = (await queue(t, admin, '?status=resolved&kind=appeal')).find(
      (entry) => entry.id === itemId,
    );
    expect((resolved as unknown as { appeal: unknown }).appeal).toEqual({
      refusalId: first.refusalId,
      upheld: true,
    });

    // Two standing refusals with the third: no pause (without the appeal it would be the third).
    const third = await refuse(me.cookie, 'decap\u200bitated king');
    expect(third.pausedUntil).toBeUndefined();
    expect(third.message).not.toContain('paused');
    expect((await findUserById(t.database.db, me.id))!.pausedUntil).toBeNull();
    // A fourth makes three standing refusals: paused.
    expect((await refuse(me.cookie, 'a beheaded queen')).pausedUntil).toBeDefined();
  });

  it('upheld, an automatic pause the refusal helped earn is lifted; a moderator’s pause is not', async () => {
    const me = await user(t, 'founder', { credits: 20 });
    const first = await refuse(me.cookie, 'a toddler eating cum1n rice, explicit');
    await refuse(me.cookie, 'a gory battle');
    expect((await refuse(me.cookie, 'a beheaded king')).pausedUntil).toBeDefined();
    expect((await submit(t, me.cookie, { command: 'make', options: { prompt: 'a lake' } })).statusCode).toBe(
      403,
    );
    const { itemId } = (await appeal(me.cookie, first.refusalId)).json();
    expect((await decide(itemId, true)).statusCode).toBe(200);
    expect((await findUserById(t.database.db, me.id))!.pausedUntil).toBeNull();
    expect((await submit(t, me.cookie, { command: 'make', options: { prompt: 'a lake' } })).statusCode).toBe(
      202,
    );

    // Paused by a moderator as well: upholding an appeal leaves that pause.
    const other = await user(t, 'also-paused', { credits: 20 });
    const refusal = await refuse(other.cookie, 'a gory battle');
    const paused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/moderation/actions',
      payload: { action: 'pause', userId: other.id, minutes: 60, reason: 'spam' },
      headers: { cookie: admin.cookie },
    });
    expect(paused.statusCode).toBe(200);
    const appealed = (await appeal(other.cookie, refusal.refusalId)).json();
    expect((await decide(appealed.itemId, true)).statusCode).toBe(200);
    expect((await findUserById(t.database.db, other.id))!.pausedUntil).not.toBeNull();
  });

  it('rejected, the refusal still counts; nobody appeals another person’s refusal', async () => {
    const me = await user(t, 'rejected', { credits: 20 });
    const first = await refuse(me.cookie, 'a gory battle');
    await refuse(me.cookie, 'an eviscerated monster');
    const { itemId } = (await appeal(me.cookie, first.refusalId)).json();
    expect((await decide(itemId, false)).json()).toEqual({ status: 'resolved' });
    expect((await refuse(me.cookie, 'a mutilated soldier')).pausedUntil).toBeDefined();

    const other = await user(t, 'nosy');
    expect((await appeal(other.cookie, first.refusalId)).statusCode).toBe(404);
    expect((await appeal(other.cookie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await appeal(other.cookie, 'not-an-id')).statusCode).toBe(400);
  });
});
