import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers.ts';
import { PNG, multipart } from './files.ts';

let t: TestContext;
let entryId: number;
let member: string;

const body = { content: { changeTitle: 'Sneaky', changeDate: 'today', changeText: '<p>hi</p>' } };
const writes = () => [
  { method: 'POST' as const, url: '/api/changelog', payload: body },
  { method: 'PUT' as const, url: `/api/changelog/${entryId}`, payload: body },
  { method: 'DELETE' as const, url: `/api/changelog/${entryId}` },
  { method: 'POST' as const, url: '/api/changelog/upload', ...multipart('image', 'a.png', PNG) },
];

beforeAll(async () => {
  t = await createTestApp();
  const admin = (await t.signIn('admin')).cookie;
  member = (await t.signIn('member')).cookie;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/changelog',
    headers: { cookie: admin },
    payload: { content: { changeTitle: 'Original', changeDate: 'May 1', changeText: '<p>original</p>' } },
  });
  entryId = created.json().id;
});
afterAll(() => t.close());

async function snapshot() {
  return (await t.app.inject({ method: 'GET', url: '/api/changelog' })).json();
}

describe('changelog write access', () => {
  it('answers 403 to a signed-in non-admin for every write, changing nothing', async () => {
    const before = await snapshot();
    for (const cookie of [member, (await t.signIn('free')).cookie]) {
      for (const call of writes()) {
        const response = await t.app.inject({
          ...call,
          headers: { ...('headers' in call ? call.headers : {}), cookie },
        });
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 401 to anonymous callers for every write, changing nothing', async () => {
    const before = await snapshot();
    for (const call of writes()) {
      const response = await t.app.inject(call);
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets anyone read the list and the count', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/changelog' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/changelog/entrycount' })).json()).toEqual({
      count: 1,
    });
  });
});
