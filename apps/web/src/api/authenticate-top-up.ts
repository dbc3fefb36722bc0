import type { TopUpAuthenticationWire } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** POST /api/payment/auto-top-up/authenticate: the bank's page for a top-up waiting on it. */
export const authenticateTopUpApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    authenticateTopUp: build.mutation<TopUpAuthenticationWire, void>({
      query: () => ({ url: 'api/payment/auto-top-up/authenticate', method: 'POST', body: {} }),
    }),
  }),
});

export const { useAuthenticateTopUpMutation } = authenticateTopUpApi;
