import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import type { CustomerMetricList } from '@/api/types';
import { api } from '@/lib/api-client';

export type MetricsQuery = { date_from?: string; date_to?: string; sort?: string; per_page?: number };

/** GET /api/customers-metrics: the top customers (CPF/CNPJ) across clients over a period. */
export function getCustomersMetricsQueryOptions(query: MetricsQuery) {
  return queryOptions({
    queryKey: ['customers-metrics', query] as const,
    queryFn: ({ signal }) => api.get<CustomerMetricList>('/customers-metrics', { params: query, signal }),
    placeholderData: keepPreviousData,
  });
}
