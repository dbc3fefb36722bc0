import { ERROR_TEXT, type ChangelogEntryWire } from '@app/domain';
import { createSlice, type UnknownAction } from '@reduxjs/toolkit';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { rootReducer, type RootState } from '@/lib/store/store.ts';
import { addEntryApi } from '../api/add-entry.ts';
import { deleteEntryApi } from '../api/delete-entry.ts';
import { fetchEntriesApi } from '../api/fetch-entries.ts';
import { fetchEntryCountApi } from '../api/fetch-entry-count.ts';
import { updateEntryApi } from '../api/update-entry.ts';

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

const { addChangelogEntry } = addEntryApi.endpoints;
const { updateChangelogEntry } = updateEntryApi.endpoints;
const { deleteChangelogEntry } = deleteEntryApi.endpoints;
const { changelogEntries } = fetchEntriesApi.endpoints;
const { changelogEntryCount } = fetchEntryCountApi.endpoints;

/** The words of a failed call: the server's message, else the catalogue's. */
const failureOf = (action: UnknownAction & { payload?: unknown; error?: unknown }) =>
  apiErrorMessage(action.payload ?? action.error, ERROR_TEXT.somethingWentWrong);

/** The store rules of SPEC §4, transition for transition. */
export const changelogSlice = createSlice({
  name: 'changelog',
  initialState: initialChangelogState,
  reducers: {},
  // The calls are RTK Query's (../api); the store follows their outcomes as SPEC §4 says.
  extraReducers: (builder) => {
    builder
      .addMatcher(addChangelogEntry.matchPending, (state) => {
        state.status = 'loading';
      })
      .addMatcher(addChangelogEntry.matchFulfilled, (state, action) => {
        state.status = 'idle';
        state.entries.push(action.payload);
      })
      .addMatcher(updateChangelogEntry.matchFulfilled, (state, action) => {
        state.entries = state.entries.map((entry: ChangelogEntryWire) =>
          entry.id === action.payload.id ? action.payload : entry,
        );
      })
      .addMatcher(deleteChangelogEntry.matchFulfilled, (state, action) => {
        state.entries = state.entries.filter((entry: ChangelogEntryWire) => entry.id !== action.payload);
      })
      .addMatcher(changelogEntries.matchFulfilled, (state, action) => {
        state.entries = action.payload;
      })
      .addMatcher(changelogEntryCount.matchFulfilled, (state, action) => {
        state.entryCount = action.payload;
      })
      .addMatcher(
        (action) =>
          addChangelogEntry.matchRejected(action) ||
          updateChangelogEntry.matchRejected(action) ||
          deleteChangelogEntry.matchRejected(action),
        (state, action) => {
          state.status = 'failed';
          state.error = failureOf(action);
        },
      );
  },
});

// The slice arrives with the changelog pages, not with the landing page.
rootReducer.inject(changelogSlice);

export const selectChangelog = (state: RootState): ChangelogState =>
  (state as RootState & { changelog?: ChangelogState }).changelog ?? initialChangelogState;
