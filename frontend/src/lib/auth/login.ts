import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { LoginIn, SessionUser } from '@/api/types';
import { api } from '@/lib/api-client';

import { ME_QUERY_KEY } from './get-me';

/**
 * POST /api/auth/login on this host's tenant. 200 -> session user; 401 invalid_credentials,
 * 429 too_many_attempts, 403 tenant_suspended (ApiError).
 */
export function login(body: LoginIn): Promise<SessionUser> {
  return api.post<SessionUser>('/auth/login', body);
}

export function useLogin({ onSuccess }: { onSuccess?: (user: SessionUser) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.setQueryData(ME_QUERY_KEY, user);
      onSuccess?.(user);
    },
  });
}
