import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { OkOut } from '@/api/types';
import { absoluteHref, paths } from '@/config/paths';
import { api, browserLocation } from '@/lib/api-client';

/** GET /api/auth/logout, then navigate to /plataforma (spec §7). */
export function logout(): Promise<OkOut> {
  return api.get<OkOut>('/auth/logout');
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      queryClient.clear();
      browserLocation.assign(absoluteHref(paths.root.getHref()));
    },
  });
}
