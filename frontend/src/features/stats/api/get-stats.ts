import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import type { StatsSeries, StatsSummary } from '@/api/types';
import { api } from '@/lib/api-client';

/** One question to the statistics: a currency, a São Paulo period (`to` inclusive), one client or all in scope. */
export type StatsQuery = { currency: string; from: string; to: string; client?: string };

const params = ({ client, ...rest }: StatsQuery) => (client ? { ...rest, client } : rest);

/** GET /api/stats/summary: deposits and payouts per status, and the balance. */
export function getStatsSummaryQueryOptions(query: StatsQuery) {
  return queryOptions({
    queryKey: ['stats', 'summary', query] as const,
    queryFn: ({ signal }) => api.get<StatsSummary>('/stats/summary', { params: params(query), signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/stats/series: the same per day (or month). */
export function getStatsSeriesQueryOptions(query: StatsQuery & { interval: 'day' | 'month' }) {
  return queryOptions({
    queryKey: ['stats', 'series', query] as const,
    queryFn: ({ signal }) => api.get<StatsSeries>('/stats/series', { params: params(query), signal }),
    placeholderData: keepPreviousData,
  });
}
