import { isOwnPath } from '@/lib/own-path.ts';

/**
 * Where a signed-out visitor was going when a private page sent them to sign in. Sign-in always
 * lands on the dashboard (Discord's callback cannot carry it), so the path waits in this tab's
 * session storage and the first private page after sign-in goes back there.
 */
const KEY = 'hc:return-after-sign-in';
const MAX_AGE_MS = 30 * 60 * 1000;

export function rememberReturnPath(path: string) {
  if (!isOwnPath(path)) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ path, at: Date.now() }));
  } catch {
    // Storage can be disabled; the visitor then simply stays on the dashboard.
  }
}

/** The remembered path, once: it is forgotten as it is read. */
export function takeReturnPath(): string | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    sessionStorage.removeItem(KEY);
    const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof path !== 'string' || typeof at !== 'number' || Date.now() - at > MAX_AGE_MS) return null;
    return isOwnPath(path) ? path : null;
  } catch {
    return null;
  }
}
