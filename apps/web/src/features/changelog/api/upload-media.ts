import { baseApi } from '@/lib/store/base-api.ts';

/** POST /api/changelog/upload with the file in the multipart field `image`; answers its URL. */
export const uploadMediaApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    uploadChangelogMedia: build.mutation<string, File>({
      query: (file) => {
        const body = new FormData();
        body.append('image', file);
        return { url: 'api/changelog/upload', method: 'POST', body };
      },
      transformResponse: (body: { url: string }) => body.url,
    }),
  }),
});

export const { useUploadChangelogMediaMutation } = uploadMediaApi;
