import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import type { InvoiceDetail, InvoiceList, InvoiceListQuery } from '@/api/types';
import { api } from '@/lib/api-client';

/** GET /api/admin/invoices: the month's fee invoices, one per client (staff). */
export function getInvoicesQueryOptions(query: InvoiceListQuery) {
  return queryOptions({
    queryKey: ['invoices', query] as const,
    queryFn: ({ signal }) => api.get<InvoiceList>('/admin/invoices', { params: query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** GET /api/admin/invoices/{number}: one invoice with its lines. */
export function getInvoiceQueryOptions(number: string) {
  return queryOptions({
    queryKey: ['invoices', 'detail', number] as const,
    queryFn: ({ signal }) => api.get<InvoiceDetail>(`/admin/invoices/${encodeURIComponent(number)}`, { signal }),
    retry: false,
  });
}
