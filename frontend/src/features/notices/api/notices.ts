import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import type { LiveNotice, Notice, NoticeIn, NoticeList } from '@/api/types';
import { api } from '@/lib/api-client';

/** GET /api/notices: every notice, newest first (page2 and the editor's home). */
export function getNoticesQueryOptions() {
  return queryOptions({
    queryKey: ['notices', 'all'] as const,
    queryFn: ({ signal }) => api.get<NoticeList>('/notices', { signal }),
    staleTime: 15_000,
  });
}

/** GET /api/notices/live: what this user reads now, in the user's language (the shell's banner). */
export function getLiveNoticesQueryOptions() {
  return queryOptions({
    queryKey: ['notices', 'live'] as const,
    queryFn: ({ signal }) => api.get<LiveNotice[]>('/notices/live', { signal }),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
}

function useRefreshNotices() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['notices'] });
}

export function usePublishNotice() {
  const refresh = useRefreshNotices();
  return useMutation({ mutationFn: (body: NoticeIn) => api.post<Notice>('/notices', body), onSuccess: refresh });
}

export function useWithdrawNotice() {
  const refresh = useRefreshNotices();
  return useMutation({ mutationFn: (id: string) => api.post<Notice>(`/notices/${encodeURIComponent(id)}/withdraw`), onSuccess: refresh });
}
