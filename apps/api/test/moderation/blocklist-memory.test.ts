import { insertBlocklistTerm } from '@app/db';
import { blockTermUnannounced } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers.ts';
import { createJobsApp, submit, user } from '../jobs/helpers.ts';
import { adminSession } from './helpers.ts';

// With the read caches on, as in production: the blocklist is read from memory between changes.
let t: TestContext;
let admin: { id: string; cookie: string };
beforeAll(async () => {
  t = await createJobsApp({ SESSION_CACHE_MS: '60000' });
  admin = await adminSession(t);
});
afterAll(async () => t.close());

const make = (cookie: string, prompt: string) => submit(t, cookie, { command: 'make', options: { prompt } });

/** Submits until the answer is `status`, for a change another process made (its NOTIFY is on its way). */
async function answerAfterNotice(cookie: string, prompt: string, status: number) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const answer = (await make(cookie, prompt)).statusCode;
    if (answer === status) return answer;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return (await make(cookie, prompt)).statusCode;
}

describe('the blocklist in memory', () => {
  it('answers from memory until a change is announced, by any process or through this one', async () => {
    const me = await user(t, 'remembered', { credits: 100 });
    expect((await make(me.cookie, 'a portrait of Quillmere Vask')).statusCode).toBe(202);
    // A change nobody announces is not seen: the list was remembered.
    await blockTermUnannounced(t.database.db, 'quillmere vask');
    expect((await make(me.cookie, 'a portrait of Quillmere Vask')).statusCode).toBe(202);

    // Another process adds a term: its trigger announces the change, and the whole list is read anew.
    await insertBlocklistTerm(t.database.db, {
      term: 'brannock teel',
      category: 'real-people',
      createdBy: admin.id,
    });
    expect(await answerAfterNotice(me.cookie, 'a portrait of Brannock Teel', 422)).toBe(422);
    expect((await make(me.cookie, 'a portrait of Quillmere Vask')).statusCode).toBe(422);

    // An admin's edit through this process applies to the very next prompt.
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blocklist',
      payload: { term: 'orsolya venn', category: 'real-people' },
      headers: { cookie: admin.cookie },
    });
    expect(added.statusCode).toBe(201);
    expect((await make(me.cookie, 'a portrait of Orsolya Venn')).statusCode).toBe(422);
  });
});
