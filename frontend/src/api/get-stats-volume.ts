import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import type { Volume, VolumeQuery } from '@/api/types';
import { api } from '@/lib/api-client';

/** GET /api/stats/volume: money paid per client and currency in a period (staff: admin/volume, admin/overall). */
export function getVolumeQueryOptions(query: VolumeQuery) {
  return queryOptions({
    queryKey: ['stats', 'volume', query] as const,
    queryFn: ({ signal }) => api.get<Volume>('/stats/volume', { params: query, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
