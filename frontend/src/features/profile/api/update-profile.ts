import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ProfileIn, SessionUser } from '@/api/types';
import { api } from '@/lib/api-client';
import { ME_QUERY_KEY } from '@/lib/auth/get-me';

/** PATCH /api/auth/profile {name?, language?}. */
export function updateProfile(body: Pick<ProfileIn, 'name' | 'language'>): Promise<SessionUser> {
  return api.patch<SessionUser>('/auth/profile', body);
}

export function useUpdateProfile({ onSuccess }: { onSuccess?: (user: SessionUser) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(ME_QUERY_KEY, user);
      onSuccess?.(user);
    },
  });
}
