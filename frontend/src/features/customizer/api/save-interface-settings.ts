import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { SessionUser } from '@/api/types';
import { api } from '@/lib/api-client';
import { ME_QUERY_KEY } from '@/lib/auth/get-me';

import type { InterfaceSettings } from '../lib/settings';

/** PATCH /api/auth/profile {interface_settings}: the per-user copy of the customizer's choices. */
export function saveInterfaceSettings(settings: InterfaceSettings): Promise<SessionUser> {
  return api.patch<SessionUser>('/auth/profile', { interface_settings: settings });
}

export function useSaveInterfaceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveInterfaceSettings,
    onSuccess: (user) => queryClient.setQueryData(ME_QUERY_KEY, user),
    onError: (error) => console.error('Could not save the interface settings', error),
  });
}
