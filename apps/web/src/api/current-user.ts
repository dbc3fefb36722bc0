import type { CurrentUserBody, UserWire } from '@app/domain';
import { serverPaths } from '@/config/paths.ts';

/**
 * A light check for "is someone signed in", for pages that load without the store (the landing
 * page). Pages inside the store use the RTK Query endpoint instead.
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<UserWire | null> {
  try {
    // `/api/auth/me` answers 200 with null when signed out: no failed request in the console.
    const response = await fetch(serverPaths.currentUser, {
      credentials: 'include',
      signal,
      headers: { accept: 'application/json' },
    });
    return response.ok ? ((await response.json()) as CurrentUserBody).user : null;
  } catch {
    return null;
  }
}
