import type { QueueViewBody } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** GET /api/admin/queue, and cancelling a stuck job (DELETE /api/jobs/:id refunds it). */
export const jobQueueApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getJobQueue: build.query<QueueViewBody, void>({
      query: () => 'api/admin/queue',
      providesTags: ['Queue'],
    }),
    cancelJob: build.mutation<unknown, string>({
      query: (id) => ({ url: `api/jobs/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Queue', 'Ledger'],
    }),
  }),
});

export const { useGetJobQueueQuery, useCancelJobMutation } = jobQueueApi;
