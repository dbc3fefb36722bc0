import type { QueueViewBody } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** GET /api/admin/queue, and cancelling a stuck job (POST /api/jobs/:id/cancel refunds it). */
export const jobQueueApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getJobQueue: build.query<QueueViewBody, void>({
      query: () => 'api/admin/queue',
      providesTags: ['Queue'],
    }),
    cancelJob: build.mutation<unknown, string>({
      query: (id) => ({ url: `api/jobs/${id}/cancel`, method: 'POST' }),
      invalidatesTags: ['Queue', 'Ledger'],
    }),
  }),
});

export const { useGetJobQueueQuery, useCancelJobMutation } = jobQueueApi;
