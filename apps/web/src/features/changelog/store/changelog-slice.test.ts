import type { ChangelogEntryWire } from '@app/domain';
import { describe, expect, it } from 'vitest';
import {
  addChangelogEntry,
  changelogSlice,
  deleteChangelogEntry,
  fetchChangelogCount,
  fetchChangelogEntries,
  initialChangelogState,
  updateChangelogEntry,
  type ChangelogState,
} from './changelog-slice.ts';

const reduce = changelogSlice.reducer;
const entry = (id: number, changeTitle = `Entry ${id}`): ChangelogEntryWire => ({
  id,
  changeTitle,
  changeDate: 'May 1, 2025',
  changeText: '<p>x</p>',
  backgroundColor: '#FFFFFF',
});
const content = { changeTitle: 'T', changeDate: 'D', changeText: '<p>x</p>' };
const withEntries = (...entries: ChangelogEntryWire[]): ChangelogState => ({
  ...initialChangelogState,
  entries,
});

describe('changelog store (SPEC §3 and §4)', () => {
  it('starts idle and empty on the dark navy background', () => {
    expect(reduce(undefined, { type: '@@init' })).toEqual({
      entries: [],
      entryCount: 0,
      backgroundColor: '#0b1026',
      status: 'idle',
      error: null,
    });
  });

  it('add: loading while pending, then idle with the entry appended', () => {
    const pending = reduce(withEntries(entry(1)), addChangelogEntry.pending('r', content));
    expect(pending.status).toBe('loading');
    const done = reduce(pending, addChangelogEntry.fulfilled(entry(2), 'r', content));
    expect(done.status).toBe('idle');
    expect(done.entries.map((e) => e.id)).toEqual([1, 2]);
  });

  it('add failure: failed with the message', () => {
    const failed = reduce(
      reduce(initialChangelogState, addChangelogEntry.pending('r', content)),
      addChangelogEntry.rejected(new Error('Invalid Title. Please enter a valid title.'), 'r', content),
    );
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe('Invalid Title. Please enter a valid title.');
    expect(failed.entries).toEqual([]);
  });

  it('update replaces by id; its failure sets failed with the message', () => {
    const arg = { id: 2, content };
    const updated = reduce(
      withEntries(entry(1), entry(2), entry(3)),
      updateChangelogEntry.fulfilled(entry(2, 'Changed'), 'r', arg),
    );
    expect(updated.entries.map((e) => e.changeTitle)).toEqual(['Entry 1', 'Changed', 'Entry 3']);
    const failed = reduce(updated, updateChangelogEntry.rejected(new Error('nope'), 'r', arg));
    expect(failed).toMatchObject({ status: 'failed', error: 'nope' });
    expect(failed.entries).toEqual(updated.entries);
  });

  it('delete removes by id; its failure sets failed with the message', () => {
    const deleted = reduce(withEntries(entry(1), entry(2)), deleteChangelogEntry.fulfilled(1, 'r', 1));
    expect(deleted.entries.map((e) => e.id)).toEqual([2]);
    const failed = reduce(deleted, deleteChangelogEntry.rejected(new Error('Admins only'), 'r', 2));
    expect(failed).toMatchObject({ status: 'failed', error: 'Admins only', entries: deleted.entries });
  });

  it('fetching all replaces the list; fetching the count sets entryCount', () => {
    const fetched = reduce(withEntries(entry(1)), fetchChangelogEntries.fulfilled([entry(5), entry(4)], 'r'));
    expect(fetched.entries.map((e) => e.id)).toEqual([5, 4]);
    expect(reduce(fetched, fetchChangelogCount.fulfilled(7, 'r')).entryCount).toBe(7);
  });
});
