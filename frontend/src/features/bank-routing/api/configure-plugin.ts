import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { Plugin, PluginConfigIn } from '@/api/types';
import { api } from '@/lib/api-client';

import { PLUGINS_QUERY_KEY } from './get-plugins';

export type ConfigurePluginInput = { kind: string; code: string; body: PluginConfigIn };

/** PUT /api/admin/plugins/{kind}/{code}: enable, disable or configure (secrets left out are kept). */
export function configurePlugin({ kind, code, body }: ConfigurePluginInput): Promise<Plugin> {
  return api.put<Plugin>(`/admin/plugins/${encodeURIComponent(kind)}/${encodeURIComponent(code)}`, body);
}

export function useConfigurePlugin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: configurePlugin,
    // Every view (the platform's and each client's) may show what changed.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: PLUGINS_QUERY_KEY }),
  });
}
