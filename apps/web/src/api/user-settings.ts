import type { UpdateUserSettings, UserSettingsWire } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** The signed-in person's defaults, the same `/settings` edits on Discord. */
export const userSettingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    userSettings: build.query<{ settings: UserSettingsWire }, void>({
      query: () => 'api/users/me/settings',
      providesTags: ['UserSettings'],
    }),
    updateUserSettings: build.mutation<{ settings: UserSettingsWire }, UpdateUserSettings>({
      query: (body) => ({ url: 'api/users/me/settings', method: 'PATCH', body }),
      invalidatesTags: ['UserSettings'],
    }),
  }),
});

export const { useUserSettingsQuery, useUpdateUserSettingsMutation } = userSettingsApi;
