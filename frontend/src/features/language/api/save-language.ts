import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { SessionUser } from '@/api/types';
import type { Locale } from '@/i18n/locales';
import { api } from '@/lib/api-client';
import { ME_QUERY_KEY } from '@/lib/auth/get-me';

/** PATCH /api/auth/profile {language}. */
export function saveLanguage(language: Locale): Promise<SessionUser> {
  return api.patch<SessionUser>('/auth/profile', { language });
}

export function useSaveLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLanguage,
    onSuccess: (user) => queryClient.setQueryData(ME_QUERY_KEY, user),
    onError: (error) => console.error('Could not save the language', error),
  });
}
