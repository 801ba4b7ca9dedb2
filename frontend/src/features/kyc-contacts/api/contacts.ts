import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import type { KycContactList } from '@/api/types';
import { api } from '@/lib/api-client';

export type ContactQuery = { kind?: string; shared?: boolean; q?: string; sort?: string; per_page?: number; cursor?: string };

/** GET /api/kyc/contacts: e-mails and phones and the documents using them, keyset pages. */
export function getContactsQueryOptions(query: ContactQuery) {
  return queryOptions({
    queryKey: ['kyc', 'contacts', query] as const,
    queryFn: ({ signal }) => api.get<KycContactList>('/kyc/contacts', { params: query, signal }),
    placeholderData: keepPreviousData,
  });
}
