import type { ChangelogContent, ChangelogEntryWire } from '@app/domain';
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from '@/lib/store/store.ts';
import { addEntry } from '../api/add-entry.ts';
import { deleteEntry } from '../api/delete-entry.ts';
import { fetchEntries } from '../api/fetch-entries.ts';
import { fetchEntryCount } from '../api/fetch-entry-count.ts';
import { updateEntry } from '../api/update-entry.ts';

/** SPEC §3's Changelog state. */
export interface ChangelogState {
  entries: ChangelogEntryWire[];
  entryCount: number;
  backgroundColor: string;
  status: 'idle' | 'loading' | 'failed';
  error: string | null;
}

/** The store's background default: the site's dark navy. */
export const CHANGELOG_STORE_BACKGROUND = '#0b1026';

export const initialChangelogState: ChangelogState = {
  entries: [],
  entryCount: 0,
  backgroundColor: CHANGELOG_STORE_BACKGROUND,
  status: 'idle',
  error: null,
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const options = { serializeError: (error: unknown) => ({ message: messageOf(error) }) };

export const addChangelogEntry = createAsyncThunk(
  'changelog/add',
  (content: ChangelogContent) => addEntry(content),
  options,
);
export const updateChangelogEntry = createAsyncThunk(
  'changelog/update',
  ({ id, content }: { id: number; content: ChangelogContent }) => updateEntry(id, content),
  options,
);
export const deleteChangelogEntry = createAsyncThunk(
  'changelog/delete',
  async (id: number) => (await deleteEntry(id)).id,
  options,
);
export const fetchChangelogEntries = createAsyncThunk('changelog/fetchAll', () => fetchEntries(), options);
export const fetchChangelogCount = createAsyncThunk('changelog/fetchCount', () => fetchEntryCount(), options);

/** The store rules of SPEC §4, transition for transition. */
export const changelogSlice = createSlice({
  name: 'changelog',
  initialState: initialChangelogState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(addChangelogEntry.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(addChangelogEntry.fulfilled, (state, action) => {
        state.status = 'idle';
        state.entries.push(action.payload);
      })
      .addCase(addChangelogEntry.rejected, (state, action) => {
        state.status = 'failed';
        state.error = action.error.message ?? null;
      })
      .addCase(updateChangelogEntry.fulfilled, (state, action) => {
        state.entries = state.entries.map((entry) =>
          entry.id === action.payload.id ? action.payload : entry,
        );
      })
      .addCase(updateChangelogEntry.rejected, (state, action) => {
        state.status = 'failed';
        state.error = action.error.message ?? null;
      })
      .addCase(deleteChangelogEntry.fulfilled, (state, action) => {
        state.entries = state.entries.filter((entry) => entry.id !== action.payload);
      })
      .addCase(deleteChangelogEntry.rejected, (state, action) => {
        state.status = 'failed';
        state.error = action.error.message ?? null;
      })
      .addCase(fetchChangelogEntries.fulfilled, (state, action) => {
        state.entries = action.payload;
      })
      .addCase(fetchChangelogCount.fulfilled, (state, action) => {
        state.entryCount = action.payload;
      });
  },
});

// The slice arrives with the changelog pages, not with the landing page.
rootReducer.inject(changelogSlice);

export const selectChangelog = (state: RootState): ChangelogState =>
  (state as RootState & { changelog?: ChangelogState }).changelog ?? initialChangelogState;
