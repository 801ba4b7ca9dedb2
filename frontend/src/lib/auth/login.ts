import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { LoginIn, LoginStep, SessionUser } from '@/api/types';
import { api } from '@/lib/api-client';

import { ME_QUERY_KEY } from './get-me';
import { isLoginStep } from './second-factor';

/**
 * POST /api/auth/login on this host's tenant. 200 -> session user; 202 -> the second step (verify a
 * second factor, or enrol one first); 401 invalid_credentials, 429 too_many_attempts, 403
 * tenant_suspended (ApiError).
 */
export function login(body: LoginIn): Promise<SessionUser | LoginStep> {
  return api.post<SessionUser | LoginStep>('/auth/login', body);
}

export function useLogin({
  onSuccess,
  onStep,
}: { onSuccess?: (user: SessionUser) => void; onStep?: (step: LoginStep) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if (isLoginStep(answer)) {
        onStep?.(answer);
        return;
      }
      queryClient.setQueryData(ME_QUERY_KEY, answer);
      onSuccess?.(answer);
    },
  });
}

/** The session user a second step ended with: cached as /api/auth/me before leaving the login page. */
export function useSignedIn(onSuccess: (user: SessionUser) => void) {
  const queryClient = useQueryClient();
  return (user: SessionUser) => {
    queryClient.setQueryData(ME_QUERY_KEY, user);
    onSuccess(user);
  };
}
