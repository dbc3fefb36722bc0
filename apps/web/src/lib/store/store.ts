import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { baseApi } from './base-api.ts';

/**
 * The Redux store. Feature slices register themselves with `rootReducer.inject(slice)` from their
 * own files, so a lazily loaded feature's state arrives with its code. The store and RTK Query load
 * with the first page that needs them (see StoreBoundary), never with the landing page.
 */
export const rootReducer = combineSlices(baseApi);

export function makeStore(preloadedState?: Partial<ReturnType<typeof rootReducer>>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
