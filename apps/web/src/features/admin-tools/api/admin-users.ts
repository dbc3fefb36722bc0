import type { AdminUserWire, Role, UpdateUserFieldsBody, UsersPageWire } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** The admin calls behind /privacypolicy2; the server refuses every one of them to non-admins. */
export const adminUsersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    findUsers: build.query<UsersPageWire, { query: string; page: number }>({
      query: ({ query, page }) => ({ url: 'api/users', params: { query, page } }),
      providesTags: ['Users'],
    }),
    updateUserFields: build.mutation<AdminUserWire, { userId: string; fields: UpdateUserFieldsBody }>({
      query: ({ userId, fields }) => ({
        url: `api/users/${encodeURIComponent(userId)}`,
        method: 'PATCH',
        body: fields,
      }),
      invalidatesTags: ['Users', 'CurrentUser'],
    }),
    setAuthLevel: build.mutation<AdminUserWire, { user_id: string; newAuthLevel: Role; password: string }>({
      query: (body) => ({ url: 'api/auth/authlevel', method: 'PUT', body }),
      invalidatesTags: ['Users', 'AuthLevel'],
    }),
    deleteUser: build.mutation<{ deleted: true }, { user_id: string; password: string }>({
      query: (body) => ({ url: 'api/payment/delete_user', method: 'POST', body }),
      invalidatesTags: ['Users'],
    }),
  }),
});

export const {
  useFindUsersQuery,
  useUpdateUserFieldsMutation,
  useSetAuthLevelMutation,
  useDeleteUserMutation,
} = adminUsersApi;
