import { ERROR_TEXT } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers.ts';

let t: TestContext;
let admin: string;

const content = (changeTitle: string, extra: Record<string, unknown> = {}) => ({
  content: {
    changeTitle,
    changeDate: 'May 1, 2025',
    changeText: '<p>New <strong>models</strong></p>',
    ...extra,
  },
});

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn('admin')).cookie;
});
afterAll(() => t.close());

const post = (payload: object, cookie = admin) =>
  t.app.inject({ method: 'POST', url: '/api/changelog', headers: { cookie }, payload });

describe('changelog entries', () => {
  it('adds, lists newest first, counts, edits and deletes', async () => {
    const first = await post(content('Release 1'));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      changeTitle: 'Release 1',
      changeDate: 'May 1, 2025',
      changeText: '<p>New <strong>models</strong></p>',
      backgroundColor: '#FFFFFF',
    });
    const second = await post(content('Release 2', { backgroundColor: '#0b1026' }));
    expect(second.json().backgroundColor).toBe('#0B1026');

    const list = await t.app.inject({ method: 'GET', url: '/api/changelog' });
    expect(list.json().map((entry: { changeTitle: string }) => entry.changeTitle)).toEqual([
      'Release 2',
      'Release 1',
    ]);
    const count = await t.app.inject({ method: 'GET', url: '/api/changelog/entrycount' });
    expect(count.json()).toEqual({ count: 2 });

    const id = first.json().id;
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/changelog/${id}`,
      headers: { cookie: admin },
      payload: content('Release 1.1', { changeText: '<h2>Fixed</h2>' }),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id, changeTitle: 'Release 1.1', changeText: '<h2>Fixed</h2>' });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/changelog/${id}`,
      headers: { cookie: admin },
    });
    expect(removed.json()).toEqual({ id });
    const after = await t.app.inject({ method: 'GET', url: '/api/changelog/entrycount' });
    expect(after.json()).toEqual({ count: 1 });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/changelog/${id}`,
      headers: { cookie: admin },
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a title that does not decode as URI text with the exact text, saving nothing', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/changelog/entrycount' })).json().count;
    const response = await post(content('Up 100%'));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(ERROR_TEXT.invalidTitle);
    expect(response.json().error.message).toBe('Invalid Title. Please enter a valid title.');
    const after = (await t.app.inject({ method: 'GET', url: '/api/changelog/entrycount' })).json().count;
    expect(after).toBe(before);
  });

  it('refuses the bad title on edit too, leaving the entry as it was', async () => {
    const { id } = (await post(content('Stable title'))).json();
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/changelog/${id}`,
      headers: { cookie: admin },
      payload: content('%E0%A4%A'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(ERROR_TEXT.invalidTitle);
    const list = (await t.app.inject({ method: 'GET', url: '/api/changelog' })).json();
    expect(list.some((entry: { changeTitle: string }) => entry.changeTitle === 'Stable title')).toBe(true);
  });

  it('keeps titles unique on add and on edit', async () => {
    await post(content('Unique one'));
    const duplicate = await post(content('Unique one'));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toMatch(/already exists/);

    const { id } = (await post(content('Unique two'))).json();
    const clash = await t.app.inject({
      method: 'PUT',
      url: `/api/changelog/${id}`,
      headers: { cookie: admin },
      payload: content('Unique one'),
    });
    expect(clash.statusCode).toBe(409);
    const same = await t.app.inject({
      method: 'PUT',
      url: `/api/changelog/${id}`,
      headers: { cookie: admin },
      payload: content('Unique two', { changeDate: 'June 2, 2025' }),
    });
    expect(same.statusCode).toBe(200);
  });

  it('answers clear 4xx to bad input', async () => {
    expect((await post({ content: { changeTitle: 'x' } })).statusCode).toBe(400);
    expect((await post(content('Colour', { backgroundColor: 'red;x' }))).statusCode).toBe(400);
    expect((await post(content('Empty', { changeText: '<script>x()</script>' }))).statusCode).toBe(400);
    const badId = await t.app.inject({
      method: 'DELETE',
      url: '/api/changelog/abc',
      headers: { cookie: admin },
    });
    expect(badId.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/changelog/999999',
      headers: { cookie: admin },
      payload: content('Nowhere'),
    });
    expect(missing.statusCode).toBe(404);
  });
});
