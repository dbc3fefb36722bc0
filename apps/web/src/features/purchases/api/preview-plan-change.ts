import type { PlanChangePreview, UpdateSubscriptionBody } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** POST /api/payment/preview-plan-change: what a plan change would charge and grant now; changes nothing. */
export const previewPlanChangeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    previewPlanChange: build.mutation<PlanChangePreview, UpdateSubscriptionBody>({
      query: (body) => ({ url: 'api/payment/preview-plan-change', method: 'POST', body }),
    }),
  }),
});

export const { usePreviewPlanChangeMutation } = previewPlanChangeApi;
