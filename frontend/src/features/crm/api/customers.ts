import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

import type { Customer, CustomerDetail, CustomerList, CustomerNote } from '@/api/types';
import { api } from '@/lib/api-client';

export type CustomerQuery = { q?: string; sort?: string; per_page?: number; cursor?: string };

/** GET /api/customers: the client's customers (the payers of its deposits), keyset pages. */
export function getCustomersQueryOptions(query: CustomerQuery) {
  return queryOptions({
    queryKey: ['customers', 'list', query] as const,
    queryFn: ({ signal }) => api.get<CustomerList>('/customers', { params: query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/customers/{document}: figures, notes and the newest movements of one customer. */
export function getCustomerQueryOptions(document: string) {
  return queryOptions({
    queryKey: ['customers', 'detail', document] as const,
    queryFn: ({ signal }) => api.get<CustomerDetail>(`/customers/${encodeURIComponent(document)}`, { signal }),
  });
}

/** POST /api/customers/{document}/notes. */
export function useAddNote(document: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post<CustomerNote>(`/customers/${encodeURIComponent(document)}/notes`, { text }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['customers', 'detail', document] }),
  });
}

/** PUT /api/customers/{document}/tags: the whole set of tags. */
export function useSetTags(document: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tags: string[]) => api.put<Customer>(`/customers/${encodeURIComponent(document)}/tags`, { tags }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['customers'] }),
  });
}
