import type { CreatePaymentIntentBody, PaymentIntentWire } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

/** POST /api/payment/create-payment-intent: the intent /checkout confirms. */
export const createPaymentIntentApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createPaymentIntent: build.mutation<PaymentIntentWire, CreatePaymentIntentBody>({
      query: (body) => ({ url: 'api/payment/create-payment-intent', method: 'POST', body }),
    }),
  }),
});

export const { useCreatePaymentIntentMutation } = createPaymentIntentApi;
