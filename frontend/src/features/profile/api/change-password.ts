import { useMutation } from '@tanstack/react-query';

import type { OkOut, PasswordIn } from '@/api/types';
import { api } from '@/lib/api-client';

/** POST /api/auth/password {current_password, new_password}: 200, or 400 with a code. */
export function changePassword(body: PasswordIn): Promise<OkOut> {
  return api.post<OkOut>('/auth/password', body);
}

export function useChangePassword({ onSuccess }: { onSuccess?: () => void } = {}) {
  return useMutation({ mutationFn: changePassword, onSuccess });
}
