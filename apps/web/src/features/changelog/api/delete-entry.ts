import { requestJson } from './request.ts';

/** DELETE /api/changelog/{id} (admins). */
export const deleteEntry = (id: number) =>
  requestJson<{ id: number }>(`/api/changelog/${id}`, { method: 'DELETE' });
