import type { AgeBandBody, LaneUsageWire, UpdateUserSettings, UserSettingsWire } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';
import { jobRequest } from './jobs.ts';

/** The signed-in person's defaults, the same `/settings` edits on Discord. */
export const userSettingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    userSettings: build.query<{ settings: UserSettingsWire }, void>({
      query: () => 'api/users/me/settings',
      providesTags: ['UserSettings'],
    }),
    updateUserSettings: build.mutation<{ settings: UserSettingsWire }, UpdateUserSettings>({
      query: (body) => ({ url: 'api/users/me/settings', method: 'PATCH', body }),
      // A lane change is a ledger entry too.
      invalidatesTags: ['UserSettings', 'Lanes', 'Ledger'],
    }),
    /** The person's lane, the lanes their plan offers, and this period's use of each. */
    userLanes: build.query<{ lanes: LaneUsageWire }, void>({
      query: () => 'api/users/me/lanes',
      providesTags: ['Lanes'],
    }),
  }),
});

export const { useUserSettingsQuery, useUpdateUserSettingsMutation, useUserLanesQuery } = userSettingsApi;

/** The age band asked at the first sign-in (and the private default beside it). */
export interface AgeSettings {
  privateByDefault: boolean;
  ageBand: AgeBandBody['band'] | null;
}

/** `GET /api/users/:id/settings`: the age band, read before the studio's tools show. */
export const getUserSettings = (userId: string) =>
  jobRequest<AgeSettings>('GET', `/api/users/${encodeURIComponent(userId)}/settings`);

/** `PUT /api/users/:id/age`: the age band asked at the first sign-in. */
export const setAgeBand = (userId: string, body: AgeBandBody) =>
  jobRequest<AgeSettings>('PUT', `/api/users/${encodeURIComponent(userId)}/age`, body);
