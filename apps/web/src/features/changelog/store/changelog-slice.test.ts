import type { ChangelogEntryWire } from '@app/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@/lib/store/store.ts';
import { addEntryApi } from '../api/add-entry.ts';
import { deleteEntryApi } from '../api/delete-entry.ts';
import { fetchEntriesApi } from '../api/fetch-entries.ts';
import { fetchEntryCountApi } from '../api/fetch-entry-count.ts';
import { updateEntryApi } from '../api/update-entry.ts';
import { selectChangelog } from './changelog-slice.ts';

const entry = (id: number, changeTitle = `Entry ${id}`): ChangelogEntryWire => ({
  id,
  changeTitle,
  changeDate: 'May 1, 2025',
  changeText: '<p>x</p>',
  backgroundColor: '#FFFFFF',
});
const content = { changeTitle: 'T', changeDate: 'D', changeText: '<p>x</p>' };

/** The server's next answers, by method and path. */
let answers: Record<string, { status: number; body: unknown }>;
beforeEach(() => {
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const answer = answers[`${request.method} ${new URL(request.url).pathname}`];
      if (!answer) return new Response('{}', { status: 404 });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const refused = (message: string) => ({ status: 400, body: { error: { code: 'X', message } } });

async function storeWith(list: ChangelogEntryWire[]) {
  const store = makeStore();
  answers['GET /api/changelog'] = { status: 200, body: list };
  await store.dispatch(fetchEntriesApi.endpoints.changelogEntries.initiate()).unwrap();
  delete answers['GET /api/changelog'];
  return store;
}

describe('changelog store (SPEC §3 and §4), fed by the RTK Query calls', () => {
  it('starts idle and empty on the dark navy background', () => {
    expect(selectChangelog(makeStore().getState())).toEqual({
      entries: [],
      entryCount: 0,
      backgroundColor: '#0b1026',
      status: 'idle',
      error: null,
    });
  });

  it('add: loading while pending, then idle with the entry appended', async () => {
    const store = await storeWith([entry(1)]);
    answers['POST /api/changelog'] = { status: 200, body: entry(2) };
    const adding = store.dispatch(addEntryApi.endpoints.addChangelogEntry.initiate(content));
    expect(selectChangelog(store.getState()).status).toBe('loading');
    await adding.unwrap();
    const done = selectChangelog(store.getState());
    expect(done.status).toBe('idle');
    expect(done.entries.map((e) => e.id)).toEqual([1, 2]);
  });

  it('add failure: failed with the server’s message', async () => {
    const store = makeStore();
    answers['POST /api/changelog'] = refused('Invalid Title. Please enter a valid title.');
    await store.dispatch(addEntryApi.endpoints.addChangelogEntry.initiate(content));
    expect(selectChangelog(store.getState())).toMatchObject({
      status: 'failed',
      error: 'Invalid Title. Please enter a valid title.',
      entries: [],
    });
  });

  it('update replaces by id; its failure sets failed with the message', async () => {
    const store = await storeWith([entry(1), entry(2), entry(3)]);
    answers['PUT /api/changelog/2'] = { status: 200, body: entry(2, 'Changed') };
    await store.dispatch(updateEntryApi.endpoints.updateChangelogEntry.initiate({ id: 2, content }));
    const updated = selectChangelog(store.getState());
    expect(updated.entries.map((e) => e.changeTitle)).toEqual(['Entry 1', 'Changed', 'Entry 3']);
    answers['PUT /api/changelog/2'] = refused('nope');
    await store.dispatch(updateEntryApi.endpoints.updateChangelogEntry.initiate({ id: 2, content }));
    expect(selectChangelog(store.getState())).toMatchObject({
      status: 'failed',
      error: 'nope',
      entries: updated.entries,
    });
  });

  it('delete removes by id; its failure sets failed with the message', async () => {
    const store = await storeWith([entry(1), entry(2)]);
    answers['DELETE /api/changelog/1'] = { status: 200, body: { id: 1 } };
    await store.dispatch(deleteEntryApi.endpoints.deleteChangelogEntry.initiate(1));
    expect(selectChangelog(store.getState()).entries.map((e) => e.id)).toEqual([2]);
    answers['DELETE /api/changelog/2'] = refused('Admins only');
    await store.dispatch(deleteEntryApi.endpoints.deleteChangelogEntry.initiate(2));
    expect(selectChangelog(store.getState())).toMatchObject({
      status: 'failed',
      error: 'Admins only',
      entries: [entry(2)],
    });
  });

  it('fetching all replaces the list; fetching the count sets entryCount', async () => {
    const store = await storeWith([entry(1)]);
    answers['GET /api/changelog'] = { status: 200, body: [entry(5), entry(4)] };
    await store.dispatch(
      fetchEntriesApi.endpoints.changelogEntries.initiate(undefined, { forceRefetch: true }),
    );
    expect(selectChangelog(store.getState()).entries.map((e) => e.id)).toEqual([5, 4]);
    answers['GET /api/changelog/entrycount'] = { status: 200, body: { count: 7 } };
    await store.dispatch(fetchEntryCountApi.endpoints.changelogEntryCount.initiate());
    expect(selectChangelog(store.getState()).entryCount).toBe(7);
  });
});
