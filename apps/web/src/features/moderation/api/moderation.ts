import type {
  AuditBody,
  BlocklistTermBody,
  BlocklistTermWire,
  ModerationActionBody,
  ModerationActionWire,
  ModerationQueueBody,
} from '@app/domain';
import { baseApi } from '@/lib/store/base-api.ts';

export interface AuditFilters {
  actor?: string;
  target?: string;
  action?: string;
  from?: string;
  to?: string;
  before?: number;
}

const query = (filters: object) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** The moderation queue and its actions, the blocklist and the audit trail (admins only). */
export const moderationApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Moderation', 'Blocklist', 'Audit'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getModerationQueue: build.query<ModerationQueueBody, { status: 'open' | 'resolved'; kind?: string }>({
        query: (filters) => `api/admin/moderation${query(filters)}`,
        providesTags: ['Moderation'],
      }),
      takeModerationAction: build.mutation<{ action: ModerationActionWire }, ModerationActionBody>({
        query: (body) => ({ url: 'api/admin/moderation/actions', method: 'POST', body }),
        invalidatesTags: ['Moderation', 'Audit'],
      }),
      undoModerationAction: build.mutation<{ action: ModerationActionWire }, string>({
        query: (id) => ({ url: `api/admin/moderation/actions/${id}/undo`, method: 'POST' }),
        invalidatesTags: ['Moderation', 'Audit'],
      }),
      setModerationItemStatus: build.mutation<unknown, { id: string; status: 'open' | 'resolved' }>({
        query: ({ id, status }) => ({
          url: `api/admin/moderation/items/${id}`,
          method: 'PUT',
          body: { status },
        }),
        invalidatesTags: ['Moderation', 'Audit'],
      }),
      decideAppeal: build.mutation<unknown, { id: string; upheld: boolean }>({
        query: ({ id, upheld }) => ({
          url: `api/admin/moderation/appeals/${id}`,
          method: 'POST',
          body: { upheld },
        }),
        invalidatesTags: ['Moderation', 'Audit'],
      }),
      setContentLevel: build.mutation<unknown, { id: string; level: 'general' | 'mature' }>({
        query: ({ id, level }) => ({
          url: `api/admin/moderation/creations/${id}/level`,
          method: 'PUT',
          body: { level },
        }),
        invalidatesTags: ['Moderation', 'Audit'],
      }),
      getBlocklist: build.query<{ terms: BlocklistTermWire[] }, void>({
        query: () => 'api/admin/blocklist',
        providesTags: ['Blocklist'],
      }),
      addBlocklistTerm: build.mutation<BlocklistTermWire, BlocklistTermBody>({
        query: (body) => ({ url: 'api/admin/blocklist', method: 'POST', body }),
        invalidatesTags: ['Blocklist', 'Audit'],
      }),
      editBlocklistTerm: build.mutation<BlocklistTermWire, BlocklistTermBody & { id: string }>({
        query: ({ id, ...body }) => ({ url: `api/admin/blocklist/${id}`, method: 'PUT', body }),
        invalidatesTags: ['Blocklist', 'Audit'],
      }),
      removeBlocklistTerm: build.mutation<BlocklistTermWire, string>({
        query: (id) => ({ url: `api/admin/blocklist/${id}`, method: 'DELETE' }),
        invalidatesTags: ['Blocklist', 'Audit'],
      }),
      getAudit: build.query<AuditBody, AuditFilters>({
        query: (filters) => `api/admin/audit${query(filters)}`,
        providesTags: ['Audit'],
      }),
    }),
  });

export const {
  useGetModerationQueueQuery,
  useTakeModerationActionMutation,
  useUndoModerationActionMutation,
  useSetModerationItemStatusMutation,
  useDecideAppealMutation,
  useSetContentLevelMutation,
  useGetBlocklistQuery,
  useAddBlocklistTermMutation,
  useEditBlocklistTermMutation,
  useRemoveBlocklistTermMutation,
  useGetAuditQuery,
} = moderationApi;
