import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/**
 * The one RTK Query API of the app. Features add their endpoints with `baseApi.injectEndpoints`
 * in their own `api/` files; cookies ride along with every call.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: '/', credentials: 'include' }),
  tagTypes: [
    'CurrentUser',
    'AuthLevel',
    'Changelog',
    'SubscriptionState',
    'PaymentHistory',
    'GiftCodes',
    'Users',
    'Loras',
    'Ledger',
    'Queue',
    'UserSettings',
    'AutoTopUp',
    'Lanes',
  ],
  endpoints: () => ({}),
});
