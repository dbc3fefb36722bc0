import { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Outlet } from 'react-router';
import { makeStore, type AppStore } from './store.ts';

let browserStore: AppStore | undefined;

/** Provides the Redux store; one store lives for the whole visit. */
export function StoreProvider({ children, store }: { children: ReactNode; store?: AppStore }) {
  const [appStore] = useState(() => store ?? (browserStore ??= makeStore()));
  return <Provider store={appStore}>{children}</Provider>;
}

/** A layout route that gives its child pages the store. */
export function StoreBoundary() {
  return (
    <StoreProvider>
      <Outlet />
    </StoreProvider>
  );
}
