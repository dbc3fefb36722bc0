import type { UserWire } from '@app/domain';

/**
 * A light check for "is someone signed in", for pages that load without the store (the landing
 * page). Pages inside the store use the RTK Query endpoint instead.
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<UserWire | null> {
  try {
    const response = await fetch('/api/auth/', {
      credentials: 'include',
      signal,
      headers: { accept: 'application/json' },
    });
    return response.ok ? ((await response.json()) as UserWire) : null;
  } catch {
    return null;
  }
}
