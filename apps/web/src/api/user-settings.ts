import type { AgeBandBody } from '@app/domain';
import { jobRequest } from './jobs.ts';

export interface UserSettings {
  privateByDefault: boolean;
  ageBand: AgeBandBody['band'] | null;
}

/** `GET /api/users/:id/settings`: private by default and the age band. */
export const getUserSettings = (userId: string) =>
  jobRequest<UserSettings>('GET', `/api/users/${encodeURIComponent(userId)}/settings`);

/** `PUT /api/users/:id/settings`: new creations private (or public) by default. */
export const setPrivateByDefault = (userId: string, privateByDefault: boolean) =>
  jobRequest<UserSettings>('PUT', `/api/users/${encodeURIComponent(userId)}/settings`, { privateByDefault });

/** `PUT /api/users/:id/age`: the age band asked at the first sign-in. */
export const setAgeBand = (userId: string, body: AgeBandBody) =>
  jobRequest<UserSettings>('PUT', `/api/users/${encodeURIComponent(userId)}/age`, body);
