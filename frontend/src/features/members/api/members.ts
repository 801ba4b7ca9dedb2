import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import type { Member, MemberAdded, MemberChangeIn, MemberIn } from '@/api/types';
import { api } from '@/lib/api-client';

const KEY = ['members'] as const;

/** GET /api/members: the users of this host's tenant (never another's). */
export function getMembersQueryOptions() {
  return queryOptions({ queryKey: KEY, queryFn: ({ signal }) => api.get<Member[]>('/members', { signal }), staleTime: 15_000 });
}

/** POST /api/members: a new login gets a one-time password, in this answer only. */
export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberIn) => api.post<MemberAdded>('/members', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** PATCH /api/members/{id}: role or access (the last owner is kept: 409 last_owner). */
export function useChangeMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: MemberChangeIn & { id: number }) => api.patch<Member>(`/members/${id}`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
