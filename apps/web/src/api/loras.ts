import type { LoraWire } from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

export type Lora = LoraWire;

/** GET /api/loras: the signed-in user's LoRA models (the studio's picker and the LoRA page). */
export const lorasApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listLoras: build.query<{ loras: Lora[] }, void>({
      query: () => 'api/loras',
      providesTags: ['Loras'],
    }),
    deleteLora: build.mutation<{ deleted: true }, string>({
      query: (id) => ({ url: `api/loras/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Loras'],
    }),
  }),
});

export const { useListLorasQuery, useDeleteLoraMutation } = lorasApi;
