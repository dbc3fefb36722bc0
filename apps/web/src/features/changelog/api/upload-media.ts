import { requestJson } from './request.ts';

/** POST /api/changelog/upload with the file in the multipart field `image`; returns its URL. */
export async function uploadMedia(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const { url } = await requestJson<{ url: string }>('/api/changelog/upload', { method: 'POST', body: form });
  return url;
}
